import { render, screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it } from 'vitest';
import { storeToken } from '../api/session';
import { mockApi, testUser } from '../test/api';
import { renderApp } from '../test/renderApp';
import { theme } from '../theme/theme';
import { Footer } from './Footer';

describe('shell', () => {
  it('reads all rights reserved with the year in the footer', () => {
    render(
      <ThemeProvider theme={theme}>
        <Footer year={2031} />
      </ThemeProvider>,
    );
    expect(screen.getByText('© 2031 Remit. All rights reserved.')).toBeInTheDocument();
  });

  it('sets the title and description of each route', async () => {
    storeToken('jwt');
    mockApi({
      'GET /auth/status': () => ({ body: { user: testUser } }),
      'GET /check-subscription': () => ({ body: { subscribed: false } }),
    });
    const { router } = renderApp('/profile');
    await screen.findByRole('heading', { name: 'Profile' });
    await waitFor(() => expect(document.title).toBe('Profile · Remit'));
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Your company details, payment methods and plan.',
    );
    await router.navigate('/success');
    await waitFor(() => expect(document.title).toBe('Payment confirmation · Remit'));
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'A modern payment platform.',
    );
  });

  it('shows a titled page for an unknown address', async () => {
    mockApi({});
    renderApp('/nowhere');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
