import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { db } from '../../db/database';
import { deferred, type RecordedRequest } from '../../test/api';
import { mockOneInvoice, openCollection, openPreviewTab } from '../../test/invoicePreview';
import { renderApp, warmRoutes } from '../../test/renderApp';

// The lazy routes and the auth machine load once, before the first test's own time starts.
beforeAll(() => warmRoutes('/'));

const answer = (overrides: Record<string, unknown> = {}) => ({
  status: 201,
  body: {
    invoiceId: 'inv-1',
    total: 10000,
    currency: 'EUR',
    amountPaid: 5000,
    balance: 5000,
    voided: false,
    settled: false,
    paymentId: 'p1',
    ...overrides,
  },
});

const commands = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.method !== 'GET' && request.path === path);

const keysOf = (sent: RecordedRequest[]) =>
  new Set(sent.map((request) => request.headers.get('Idempotency-Key')));

// Issue 34 item 1: each command button, double-clicked, reaches the server once.
describe('a double click on a command button sends the command once', () => {
  // The page is a lazy route: transformed here, with time to spare on a busy machine, not in the first test.
  beforeAll(() => import('./DashboardPage'), 120_000);
  afterEach(() => db.outbox.clear());

  it('Record payment: one payment for a double click, and the form is empty afterwards', async () => {
    storeToken('jwt');
    const { requests } = mockOneInvoice({ 'POST /invoices/inv-1/payments': () => answer() });
    const user = userEvent.setup();
    renderApp('/');
    await openPreviewTab(user, 'Payments');
    const form = await screen.findByRole('form', { name: 'Record a payment' });
    await user.type(within(form).getByLabelText('Amount'), '50');
    await user.dblClick(within(form).getByRole('button', { name: 'Record payment' }));
    await screen.findByText('Payment recorded');
    expect(commands(requests, '/invoices/inv-1/payments')).toHaveLength(1);
    expect(within(form).getByLabelText('Amount')).toHaveValue('');
  });

  it('Record payment: a second press while the first is under way sends nothing; a retry keeps the key', async () => {
    storeToken('jwt');
    const first = deferred<{ status: number; body: unknown }>();
    let calls = 0;
    const { requests } = mockOneInvoice({
      'POST /invoices/inv-1/payments': () => {
        calls += 1;
        return calls === 1 ? first.promise : answer();
      },
    });
    const user = userEvent.setup();
    renderApp('/');
    await openPreviewTab(user, 'Payments');
    const form = await screen.findByRole('form', { name: 'Record a payment' });
    await user.type(within(form).getByLabelText('Amount'), '50');
    const button = within(form).getByRole('button', { name: 'Record payment' });
    await user.click(button);
    await user.click(button);
    expect(commands(requests, '/invoices/inv-1/payments')).toHaveLength(1);
    // The server was out of reach: the same filled form is tried again with the same key.
    first.resolve({ status: 503, body: { error: 'The server is not ready' } });
    await screen.findByText('The server is not ready');
    await user.click(button);
    await screen.findByText('Payment recorded');
    const sent = commands(requests, '/invoices/inv-1/payments');
    expect(sent).toHaveLength(2);
    expect(keysOf(sent).size).toBe(1);
  });

  it('Reverse: one reversal for a double click', async () => {
    storeToken('jwt');
    const payment = {
      id: 'p1',
      amount: 5000,
      currency: 'EUR',
      date: '2026-11-01',
      method: 'cash',
      reference: '',
      note: '',
      reversed: false,
    };
    const { requests } = mockOneInvoice({
      'GET /invoices/inv-1': () => ({
        body: { Collection: { ...openCollection, AmountPaid: 5000, Balance: 5000, Payments: [payment] } },
      }),
      'POST /invoices/inv-1/payments/p1/reverse': () => answer({ status: 200 }),
    });
    const user = userEvent.setup();
    renderApp('/');
    await openPreviewTab(user, 'Payments');
    await user.dblClick(await screen.findByRole('button', { name: 'Reverse' }));
    await screen.findByText('Payment reversed');
    expect(commands(requests, '/invoices/inv-1/payments/p1/reverse')).toHaveLength(1);
  });

  it('Void: one void for a double click in the dialog', async () => {
    storeToken('jwt');
    const { requests } = mockOneInvoice({
      'POST /invoices/inv-1/void': () =>
        answer({ voided: true, amountPaid: 0, balance: 10000, paymentId: null }),
    });
    const user = userEvent.setup();
    renderApp('/');
    await openPreviewTab(user, 'Payments');
    await user.click(await screen.findByRole('button', { name: 'Void invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void invoice INV-001' });
    await user.type(within(dialog).getByLabelText('Why is this invoice void?'), 'Sent twice');
    await user.dblClick(within(dialog).getByRole('button', { name: 'Void invoice' }));
    await screen.findByText('Invoice voided');
    expect(commands(requests, '/invoices/inv-1/void')).toHaveLength(1);
  });

  it('Mark as paid: one payment for a double click on the dashboard', async () => {
    storeToken('jwt');
    const { requests } = mockOneInvoice({ 'POST /invoices/inv-1/payments': () => answer({ settled: true }) });
    const user = userEvent.setup();
    renderApp('/');
    await user.dblClick(await screen.findByRole('button', { name: 'Mark invoice INV-001 as paid' }));
    await screen.findByText('Marked as paid');
    expect(commands(requests, '/invoices/inv-1/payments')).toHaveLength(1);
  });

  it('Share: one link for a double click on Create link, one stop for a double click on Stop sharing', async () => {
    storeToken('jwt');
    const share = (active: boolean) => ({
      body: {
        invoiceId: 'inv-1',
        shareId: active ? 's1' : null,
        active,
        url: active ? 'http://localhost/i/t1' : null,
      },
    });
    const { requests } = mockOneInvoice({
      'POST /invoices/inv-1/share': () => share(true),
      'POST /invoices/inv-1/share/revoke': () => share(false),
    });
    const user = userEvent.setup();
    renderApp('/');
    await openPreviewTab(user, 'Share');
    await user.dblClick(await screen.findByRole('button', { name: 'Create link' }));
    await screen.findByLabelText('Customer page link');
    await user.dblClick(screen.getByRole('button', { name: 'Stop sharing' }));
    await screen.findByText('The link no longer opens this invoice');
    expect(commands(requests, '/invoices/inv-1/share')).toHaveLength(1);
    expect(commands(requests, '/invoices/inv-1/share/revoke')).toHaveLength(1);
  });

  it('Send: one mail for two presses while the first is under way', async () => {
    storeToken('jwt');
    const sent = deferred<{ status: number; body: unknown }>();
    const { requests } = mockOneInvoice({ 'POST /invoices/inv-1/send': () => sent.promise });
    const user = userEvent.setup();
    renderApp('/');
    await openPreviewTab(user, 'Send');
    const button = screen.getByRole('button', { name: 'Send invoice' });
    await user.click(button);
    await user.click(button);
    sent.resolve({
      status: 201,
      body: { sendId: 's1', to: ['charles@example.com'], cc: [], subject: 'Invoice INV-001', position: '4' },
    });
    await screen.findByText('Invoice sent to charles@example.com');
    await waitFor(() => expect(commands(requests, '/invoices/inv-1/send')).toHaveLength(1));
  });
});
