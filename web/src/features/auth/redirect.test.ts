import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from './redirect';

describe('redirect after sign-in', () => {
  it('keeps a path of this app with its query', () => {
    expect(safeRedirect('/invoice/create?step=2')).toBe('/invoice/create?step=2');
  });

  it('refuses other origins and sign-in screens', () => {
    for (const target of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/login',
      '/signup?x=1',
      null,
    ]) {
      expect(safeRedirect(target)).toBe('/');
    }
  });

  it('builds the guard redirect with the full path encoded', () => {
    expect(loginPathFor('/profile?tab=plan')).toBe('/login?redirect=%2Fprofile%3Ftab%3Dplan');
  });
});
