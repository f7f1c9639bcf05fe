import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { listedInvoice, mockApi, testUser } from '../../test/api';
import { renderApp, warmRoutes } from '../../test/renderApp';

beforeAll(() => warmRoutes('/'));

const collection = {
  CollectionStatus: 'outstanding',
  AmountPaid: 0,
  Balance: 228156,
  VoidReason: null,
  Payments: [],
};
const answer = {
  id: 'cn-1',
  number: 'CN-0001',
  invoiceId: 'inv-1',
  full: true,
  total: 228156,
  currency: 'EUR',
  balance: 0,
  refundDue: 0,
};

function api(credit: (body: unknown, calls: number) => { status?: number; body?: unknown }) {
  storeToken('jwt');
  let calls = 0;
  return mockApi({
    'GET /auth/status': () => ({ body: { user: testUser } }),
    'GET /check-subscription': () => ({ body: { subscribed: true } }),
    'GET /invoices': () => ({
      body: {
        invoices: [listedInvoice({ ID: 'inv-1', InvoiceNumber: 'INV-001' })],
        pagination: { page: 1, limit: 15, total: 1, total_pages: 1 },
      },
    }),
    'GET /invoices/inv-1/preview': () => ({ body: '<p>invoice</p>' }),
    'GET /invoices/inv-1': () => ({ body: { Collection: collection } }),
    'GET /invoices/inv-1/form': () => ({
      body: {
        form: {
          items: [
            { description: 'Design work', quantity: '10', unitPrice: '95.00' },
            { description: 'Hosting', quantity: '1', unitPrice: '30.00' },
          ],
        },
        revision: 3,
        finalBy: 'sent',
        finalMessage: null,
        logoURL: null,
      },
    }),
    'POST /invoices/inv-1/credit-notes': (request) => {
      calls += 1;
      return credit(request.body, calls);
    },
  });
}

async function openDialog() {
  const user = userEvent.setup();
  renderApp('/');
  await user.click(await screen.findByRole('button', { name: 'Open invoice INV-001' }));
  await user.click(await screen.findByRole('tab', { name: 'Payments' }));
  await user.click(await screen.findByRole('button', { name: 'Issue credit note' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Credit invoice INV-001' }) };
}

describe('Issue credit note in the Payments tab (issue 27)', () => {
  it('credits the whole invoice once for a double click, with the reason, and says the new number', async () => {
    const { requests } = api(() => ({ status: 201, body: answer }));
    const { user, dialog } = await openDialog();
    const issue = within(dialog).getByRole('button', { name: 'Issue credit note' });
    await user.click(issue);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Say why the invoice is corrected');
    await user.type(
      within(dialog).getByLabelText('Reason (printed on the credit note)'),
      'Cancelled by the customer',
    );
    await act(async () => {
      issue.click();
      issue.click();
    });
    expect(await screen.findByText('Credit note CN-0001 issued')).toBeInTheDocument();
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ reason: 'Cancelled by the customer' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Credit invoice INV-001' })).not.toBeInTheDocument(),
    );
  });

  it('credits chosen lines as typed, and shows why the server refused, keeping the dialog open', async () => {
    const { requests } = api((_, calls) =>
      calls === 1
        ? {
            status: 422,
            body: { error: 'Line 1 has €950.00 left to credit', code: 'unprocessable' },
          }
        : { status: 201, body: { ...answer, number: 'CN-0002', full: false } },
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByLabelText('Some lines'));
    await user.click(await within(dialog).findByLabelText('Line 1: Design work'));
    const quantity = within(dialog).getByLabelText('Quantity to credit, line 1');
    expect(quantity).toHaveValue('10');
    expect(within(dialog).getByLabelText('Quantity to credit, line 2')).toBeDisabled();
    await user.clear(quantity);
    await user.type(quantity, '12,5');
    await user.type(within(dialog).getByLabelText('Reason (printed on the credit note)'), 'Fewer hours');
    await user.click(within(dialog).getByRole('button', { name: 'Issue credit note' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Line 1 has €950.00 left to credit');
    await user.clear(quantity);
    await user.type(quantity, '2,5');
    await user.click(within(dialog).getByRole('button', { name: 'Issue credit note' }));
    expect(await screen.findByText('Credit note CN-0002 issued')).toBeInTheDocument();
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts.map((post) => post.body)).toEqual([
      { reason: 'Fewer hours', lines: [{ line: 1, quantity: '12,5', unitPrice: '95.00' }] },
      { reason: 'Fewer hours', lines: [{ line: 1, quantity: '2,5', unitPrice: '95.00' }] },
    ]);
  });
});
