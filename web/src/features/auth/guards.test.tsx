// Runs isolated: Logout asks about unsent work in IndexedDB, and a draft that an earlier file's wizard saved as it
// unmounted can land after the shared project's cleanup between files (one run in three, D-540).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readToken, storeToken } from '../../api/session';
import { mockApi, testUser } from '../../test/api';
import { renderApp } from '../../test/renderApp';

/** jsdom matches no media query, so the header is in its mobile form: open the menu for the links. */
async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Open menu' }));
  return screen.getByRole('navigation', { name: 'Main' });
}

const signedInApi = (subscribed = false) => ({
  'GET /auth/status': () => ({ body: { user: testUser } }),
  'GET /check-subscription': () => ({ body: { subscribed } }),
  'POST /auth/logout': () => ({ body: { position: '9' } }),
});

describe('route guard and header', () => {
  it('sends a signed-out visitor to /login with the full path in redirect', async () => {
    mockApi({ 'GET /auth/providers': () => ({ body: { google: false } }) });
    const { router } = renderApp('/invoice/create?from=menu');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Finvoice%2Fcreate%3Ffrom%3Dmenu');
  });

  it('re-checks a stored token and continues to the page', async () => {
    storeToken('jwt');
    mockApi(signedInApi());
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  });

  it('redirects to /login when the stored token is refused, and clears it', async () => {
    storeToken('revoked');
    mockApi({
      'GET /auth/status': () => ({ status: 401, body: { error: 'Please sign in to continue' } }),
      'GET /check-subscription': () => ({ status: 401, body: { error: 'Please sign in to continue' } }),
      'GET /auth/providers': () => ({ body: { google: true } }),
    });
    const { router } = renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirect=%2Fprofile');
    expect(readToken()).toBeNull();
  });

  it('re-checks the subscription on every navigation', async () => {
    storeToken('jwt');
    const { requests } = mockApi(signedInApi());
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByRole('heading', { name: /Welcome, Ada/ });
    const count = () => requests.filter((request) => request.path === '/check-subscription').length;
    const before = count();
    await user.click(within(await openMenu(user)).getByRole('link', { name: 'Profile' }));
    await screen.findByRole('heading', { name: 'Profile' });
    await waitFor(() => expect(count()).toBe(before + 1));
    await user.click(within(await openMenu(user)).getByRole('link', { name: 'New Invoice' }));
    await waitFor(() => expect(count()).toBe(before + 2));
  });

  it("shows the spec's Dashboard, New Invoice, Profile and Logout (with Quotes, Clients, Items, Bank, Export and Recurring, issues 29 and 31–33) when signed in; Logout goes to /login", async () => {
    storeToken('jwt');
    const { requests } = mockApi({
      ...signedInApi(),
      'GET /auth/providers': () => ({ body: { google: true } }),
    });
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: /Welcome, Ada/ });
    const nav = await openMenu(user);
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'New Invoice',
      'Quotes',
      'Clients',
      'Items',
      'Bank',
      'Export',
      'Recurring',
      'Profile',
    ]);
    await user.click(within(nav).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(readToken()).toBeNull());
    expect(requests.some((request) => request.method === 'POST' && request.path === '/auth/logout')).toBe(
      true,
    );
  });

  it('shows Login and Register when signed out', async () => {
    mockApi({ 'GET /auth/providers': () => ({ body: { google: true } }) });
    renderApp('/signup');
    await screen.findByRole('heading', { name: 'Create your account' });
    const nav = await openMenu(userEvent.setup());
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/signup');
    expect(within(nav).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('opens and closes the mobile menu', async () => {
    mockApi({ 'GET /auth/providers': () => ({ body: { google: true } }) });
    renderApp('/login');
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('sends a signed-in user away from the sign-in screens', async () => {
    storeToken('jwt');
    mockApi(signedInApi());
    const { router } = renderApp('/login?redirect=%2Fsubscription');
    expect(await screen.findByRole('heading', { name: 'Plans' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscription');
  });
});
