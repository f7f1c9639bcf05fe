import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { db } from '../../db/database';
import { flushOutbox } from '../../db/outbox';
import { listedInvoice, mockApi, testUser } from '../../test/api';
import { renderApp, warmRoutes } from '../../test/renderApp';

// The lazy routes and the auth machine load once, before the first test's own time starts.
beforeAll(() => warmRoutes('/'));

describe('collection status and Mark as paid on the dashboard (issue 14)', () => {
  afterEach(() => db.outbox.clear());

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

  it('sends the invoice from the preview with the customer as default, once for a double click', async () => {
    storeToken('jwt');
    const { requests } = mockApi({
      'GET /auth/status': () => ({ body: { user: testUser } }),
      'GET /check-subscription': () => ({ body: { subscribed: true } }),
      'GET /invoices': () => ({
        body: {
          invoices: [
            listedInvoice({ ID: 'inv-1', InvoiceNumber: 'INV-001', CustomerEmail: 'charles@example.com' }),
          ],
          pagination: { page: 1, limit: 15, total: 1, total_pages: 1 },
        },
      }),
      'GET /invoices/inv-1/preview': () => ({ body: '<p>invoice</p>' }),
      'GET /invoices/inv-1/history': () => ({ body: { events: [] } }),
      'POST /invoices/inv-1/send': () => ({
        status: 201,
        body: {
          sendId: 's1',
          to: ['charles@example.com'],
          cc: [],
          subject: 'Invoice INV-001 from Ada',
          position: '4',
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Open invoice INV-001' }));
    await user.click(await screen.findByRole('tab', { name: 'Send' }));
    const form = screen.getByRole('form', { name: 'Send invoice' });
    expect(within(form).getByLabelText(/^To/)).toHaveValue('charles@example.com');
    await user.type(within(form).getByLabelText('Message'), 'Thank you!');
    await user.dblClick(within(form).getByRole('button', { name: 'Send invoice' }));
    await screen.findByText('Invoice sent to charles@example.com');
    const sends = requests.filter((request) => request.method === 'POST');
    expect(new Set(sends.map((request) => request.headers.get('Idempotency-Key'))).size).toBe(1);
    expect(sends[0]?.body).toEqual({ to: 'charles@example.com', cc: '', subject: '', message: 'Thank you!' });
  });

  // Behind a proxy a dead or restarting server is a 502 (or 504), not a network error; a server without its
  // database answers 503. Each is queued like the network being gone, with its key.
  const outOfReach: [string, () => { status: number; body?: unknown; headers?: Record<string, string> }][] = [
    [
      'the network is gone',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
    ["the proxy's server died (502, no body)", () => ({ status: 502 })],
    ['the proxy waited in vain (504)', () => ({ status: 504 })],
    [
      'the server lost its database (503)',
      () => ({
        status: 503,
        body: {
          error: 'Remit is briefly unavailable. Please try again in a moment.',
          code: 'database_unavailable',
        },
        headers: { 'Retry-After': '5' },
      }),
    ],
  ];

  it.each(outOfReach)(
    'queues Mark as paid in the outbox when %s, and applies it once later',
    async (_, unreachable) => {
      storeToken('jwt');
      let reachable = false;
      let applied = 0;
      const { requests } = mockApi({
        'GET /auth/status': () => ({ body: { user: testUser } }),
        'GET /check-subscription': () => ({ body: { subscribed: false } }),
        'GET /invoices': () => ({
          body: {
            invoices: [
              listedInvoice({
                ID: 'inv-1',
                InvoiceNumber: 'INV-001',
                CollectionStatus: 'overdue',
                Balance: 228156,
              }),
            ],
            pagination: { page: 1, limit: 15, total: 1, total_pages: 1 },
          },
        }),
        'POST /invoices/inv-1/payments': () => {
          if (!reachable) return unreachable();
          applied += 1;
          return {
            status: 201,
            body: {
              invoiceId: 'inv-1',
              total: 1,
              currency: 'EUR',
              amountPaid: 1,
              balance: 0,
              voided: false,
              settled: true,
              paymentId: 'p1',
            },
          };
        },
      });
      const user = userEvent.setup();
      renderApp('/');
      await user.click(await screen.findByRole('button', { name: 'Mark invoice INV-001 as paid' }));
      await screen.findByText(/The payment (is queued|will be recorded)/);
      const queued = await db.outbox.toArray();
      expect(queued.map((command) => [command.method, command.path, command.label])).toEqual([
        ['POST', '/invoices/inv-1/payments', 'Invoice INV-001 marked as paid'],
      ]);
      expect(queued[0]?.body).toEqual({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
      const firstKey = requests.find((request) => request.method === 'POST')?.headers.get('Idempotency-Key');
      expect(queued[0]?.idempotencyKey).toBe(firstKey);
      reachable = true;
      // Sent again when the connection returns (here: a forced flush past the backoff), with the same key.
      await waitFor(async () => {
        await flushOutbox({ force: true });
        expect(applied).toBe(1);
      });
      expect(await db.outbox.count()).toBe(0);
      const posts = requests.filter((request) => request.method === 'POST');
      expect(new Set(posts.map((request) => request.headers.get('Idempotency-Key')))).toEqual(
        new Set([firstKey]),
      );
    },
  );

  it('lets a subscriber filter the list by collection status', async () => {
    storeToken('jwt');
    const { fetchMock } = mockApi({
      'GET /auth/status': () => ({ body: { user: testUser } }),
      'GET /check-subscription': () => ({ body: { subscribed: true } }),
      'GET /invoices': () => ({
        body: { invoices: [listedInvoice()], pagination: { page: 1, limit: 15, total: 1, total_pages: 1 } },
      }),
    });
    const user = userEvent.setup();
    renderApp('/');
    await screen.findAllByTestId('invoice');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'Overdue');
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        '/api/invoices?page=1&limit=15&status=overdue',
      ),
    );
  });

  it('records a typed payment and reverses one from the Payments tab', async () => {
    storeToken('jwt');
    const { requests } = mockApi({
      'GET /auth/status': () => ({ body: { user: testUser } }),
      'GET /check-subscription': () => ({ body: { subscribed: true } }),
      'GET /invoices': () => ({
        body: {
          invoices: [listedInvoice({ ID: 'inv-1', InvoiceNumber: 'INV-001' })],
          pagination: { page: 1, limit: 15, total: 1, total_pages: 1 },
        },
      }),
      'GET /invoices/inv-1/preview': () => ({ body: '<p>invoice</p>' }),
      'GET /invoices/inv-1': () => ({
        body: {
          Collection: {
            CollectionStatus: 'partially_paid',
            AmountPaid: 10000,
            Balance: 218156,
            VoidReason: null,
            Payments: [
              {
                id: 'p1',
                amount: 10000,
                currency: 'EUR',
                date: '2026-11-01',
                method: 'cash',
                reference: 'R1',
                note: '',
                reversed: false,
              },
            ],
          },
        },
      }),
      'POST /invoices/inv-1/payments': () => ({
        status: 201,
        body: {
          invoiceId: 'inv-1',
          total: 228156,
          currency: 'EUR',
          amountPaid: 19036,
          balance: 209120,
          voided: false,
          settled: false,
          paymentId: 'p2',
        },
      }),
      'POST /invoices/inv-1/payments/p1/reverse': () => ({
        body: {
          invoiceId: 'inv-1',
          total: 228156,
          currency: 'EUR',
          amountPaid: 0,
          balance: 228156,
          voided: false,
          settled: false,
          paymentId: 'p1',
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Open invoice INV-001' }));
    await user.click(await screen.findByRole('tab', { name: 'Payments' }));
    const list = await screen.findByRole('list', { name: 'Payments' });
    expect(list).toHaveTextContent('R1');
    const form = screen.getByRole('form', { name: 'Record a payment' });
    await user.type(within(form).getByLabelText('Amount'), '90,36');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    await screen.findByText('Payment recorded');
    await user.click(within(list).getByRole('button', { name: 'Reverse' }));
    await screen.findByText('Payment reversed');
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => [request.path, request.body])).toEqual([
      ['/invoices/inv-1/payments', { amount: '90,36', date: expect.any(String), method: 'bank_transfer' }],
      ['/invoices/inv-1/payments/p1/reverse', { reason: 'Reversed by the owner' }],
    ]);
  });
});
