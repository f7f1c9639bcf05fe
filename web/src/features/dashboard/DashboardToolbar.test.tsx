import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { mockApi, testUser } from '../../test/api';
import { renderApp } from '../../test/renderApp';

function api(user = testUser, subscribed = true) {
  storeToken('jwt');
  return mockApi({
    'GET /auth/status': () => ({ body: { user } }),
    'GET /check-subscription': () => ({ body: { subscribed } }),
    'GET /invoices': () => ({
      body: {
        invoices: [
          {
            ID: 'inv-1',
            InvoiceNumber: 'INV-001',
            IssueDate: '2026-03-05',
            DueDate: '2026-04-04',
            Status: 'Draft',
            Amount: 10000,
            Currency: 'EUR',
            locked: false,
          },
        ],
        pagination: { total_pages: 1 },
      },
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
