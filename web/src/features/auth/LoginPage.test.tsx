import { authMessages } from '@remit/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { readToken } from '../../api/session';
import { mockApi, testUser } from '../../test/api';
import { renderApp } from '../../test/renderApp';

describe('/login', () => {
  it("welcomes back with 'Login with Google' and 'Sign in with email' keeping the redirect", async () => {
    mockApi({ 'GET /auth/providers': () => ({ body: { google: true } }) });
    renderApp('/login?redirect=%2Fprofile');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login with Google' })).toBeEnabled());
    expect(screen.getByRole('link', { name: 'Sign in with email' })).toHaveAttribute(
      'href',
      '/login-basic?redirect=%2Fprofile',
    );
    expect(document.title).toBe('Login · Remit');
  });

  it('says Google sign-in is not configured instead of failing', async () => {
    mockApi({ 'GET /auth/providers': () => ({ body: { google: false } }) });
    renderApp('/login');
    expect(await screen.findByText(authMessages.googleNotConfigured)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login with Google' })).toBeDisabled();
  });

  it('starts Google sign-in by visiting the URL the server returns', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockApi({
      'GET /auth/providers': () => ({ body: { google: true } }),
      'POST /auth/google/login': () => ({ body: { url: 'https://accounts.example/auth?x=1' } }),
    });
    renderApp('/login?redirect=%2Fprofile');
    const button = await screen.findByRole('button', { name: 'Login with Google' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.setup().click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example/auth?x=1'));
    expect(sessionStorage.getItem('remit.redirect')).toBe('/profile');
  });

  it('completes the provider callback when a code is in the query and goes to /', async () => {
    const { requests } = mockApi({
      'POST /auth/google/callback': () => ({ body: { token: 'google-jwt', user: testUser } }),
      'GET /check-subscription': () => ({ body: { subscribed: false } }),
    });
    const { router } = renderApp('/login?code=abc&state=xyz');
    expect(await screen.findByRole('heading', { name: /Welcome, Ada/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(readToken()).toBe('google-jwt');
    expect(requests.find((request) => request.path === '/auth/google/callback')?.body).toEqual({
      code: 'abc',
      state: 'xyz',
    });
  });
});

describe('/auth/google/callback', () => {
  it("shows 'Processing login...' and returns to /login when the exchange fails", async () => {
    mockApi({
      'POST /auth/google/callback': () => ({
        status: 400,
        body: { error: authMessages.googleStateMismatch },
      }),
      'GET /auth/providers': () => ({ body: { google: true } }),
    });
    const { router } = renderApp('/auth/google/callback?code=bad&state=bad');
    expect(await screen.findByText('Processing login...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText(authMessages.googleStateMismatch)).toBeInTheDocument();
  });

  it('goes to /login when the code is missing', async () => {
    mockApi({ 'GET /auth/providers': () => ({ body: { google: true } }) });
    const { router } = renderApp('/auth/google/callback');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
