import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { invoicePage, listedInvoice, mockApi, testUser } from '../../test/api';
import { renderApp, warmRoutes } from '../../test/renderApp';

// The lazy routes and the auth machine load once, before the first test's own time starts.
beforeAll(() => warmRoutes('/'));

function api(user = testUser, subscribed = true) {
  storeToken('jwt');
  return mockApi({
    'GET /auth/status': () => ({ body: { user } }),
    'GET /check-subscription': () => ({ body: { subscribed } }),
    'GET /invoices': () => ({
      body: invoicePage([listedInvoice()]),
    }),
  });
}

const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

describe('the grid/list choice (issue 16)', () => {
  it('is remembered across reloads, per user', async () => {
    api();
    const first = renderApp('/');
    await screen.findByTestId('invoice');
    expect(pressed('List')).toBe('true');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Grid' }));
    expect(pressed('Grid')).toBe('true');
    first.unmount();

    // A reload: a new app over the same browser storage.
    api();
    const second = renderApp('/');
    await screen.findByTestId('invoice');
    expect(pressed('Grid')).toBe('true');
    expect(pressed('List')).toBe('false');
    second.unmount();

    // Someone else signing in on this browser starts from their own choice.
    api({ ...testUser, id: 'user-2', email: 'charles@example.com' });
    renderApp('/');
    await screen.findByTestId('invoice');
    expect(pressed('List')).toBe('true');
  });
});
