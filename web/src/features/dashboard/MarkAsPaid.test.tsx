import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { listedInvoice, mockApi, testUser } from '../../test/api';
import { renderApp } from '../../test/renderApp';

describe('collection status and Mark as paid on the dashboard (issue 14)', () => {
  it('shows the collection status beside the dot, and marks an open invoice paid in one click', async () => {
    storeToken('jwt');
    let paid = false;
    const row = () =>
      listedInvoice({
        ID: 'inv-1',
        InvoiceNumber: 'INV-001',
        CollectionStatus: paid ? 'paid' : 'overdue',
        AmountPaid: paid ? 228156 : 0,
        Balance: paid ? 0 : 228156,
      });
    const { requests } = mockApi({
      'GET /auth/status': () => ({ body: { user: testUser } }),
      'GET /check-subscription': () => ({ body: { subscribed: false } }),
      'GET /invoices': () => ({
        body: { invoices: [row()], pagination: { page: 1, limit: 15, total: 1, total_pages: 1 } },
      }),
      'POST /invoices/inv-1/payments': () => {
        paid = true;
        return {
          status: 201,
          body: {
            invoiceId: 'inv-1',
            total: 228156,
            currency: 'EUR',
            amountPaid: 228156,
            balance: 0,
            voided: false,
            settled: true,
            paymentId: 'p1',
            position: '9',
          },
        };
      },
    });
    const user = userEvent.setup();
    renderApp('/');
    const [card] = await screen.findAllByTestId('invoice');
    // The spec's dot stays as it is (not subscribed, Status not 'paid': Pending); the collection status beside it.
    expect(card).toHaveTextContent('Pending');
    expect(within(card as HTMLElement).getByTestId('collection-status')).toHaveTextContent('Overdue');
    await user.click(
      within(card as HTMLElement).getByRole('button', { name: 'Mark invoice INV-001 as paid' }),
    );
    await waitFor(() =>
      expect(
        within(screen.getAllByTestId('invoice')[0] as HTMLElement).getByTestId('collection-status'),
      ).toHaveTextContent('Paid'),
    );
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({});
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByRole('button', { name: 'Mark invoice INV-001 as paid' })).not.toBeInTheDocument();
  });
});
