import type { PublicInvoiceView } from '@remit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearToken, storeToken } from '../../api/session';
import { mockApi, testUser } from '../../test/api';
import { pwaState } from '../../test/pwaRegister';
import { renderApp, warmRoutes } from '../../test/renderApp';

// The lazy routes and the auth machine load once, before the first test's own time starts.
beforeAll(() => warmRoutes('/login'));

const TOKEN = 'A'.repeat(43);

function publicView(overrides: Partial<PublicInvoiceView> = {}): PublicInvoiceView {
  const party = {
    name: 'Ada Lovelace',
    companyName: 'Ada Ltd',
    email: 'ada@example.com',
    address: 'London',
    vatId: null,
  };
  return {
    language: 'en',
    number: 'INV-007',
    issueDate: '2026-11-01',
    dueDate: '2026-12-01',
    currency: 'EUR',
    subtotal: 100000,
    tax: 20000,
    total: 120000,
    seller: party,
    customer: { ...party, name: 'Bob Stone', companyName: 'Stone & Co' },
    status: 'outstanding',
    creditNotes: [],
    amountPaid: 0,
    balance: 120000,
    settled: false,
    payOnline: false,
    payment: null,
    ...overrides,
  };
}

describe('the customer page (issue 14)', () => {
  afterEach(() => clearToken());

  it("shows its owner a bar with 'Mark as paid' and the way back; paid, the page says so", async () => {
    storeToken('jwt');
    let paid = false;
    const { requests } = mockApi({
      'GET /auth/status': () => ({ body: { user: testUser } }),
      'GET /check-subscription': () => ({ body: { subscribed: false } }),
      [`GET /public/invoices/${TOKEN}`]: () => ({
        body: publicView(paid ? { status: 'paid', amountPaid: 120000, balance: 0, settled: true } : {}),
      }),
      [`GET /public/invoices/${TOKEN}/preview`]: () => ({ body: '<p>invoice</p>' }),
      [`GET /shared-invoices/${TOKEN}`]: () => ({ body: { invoiceId: 'inv-7' } }),
      'POST /invoices/inv-7/payments': () => {
        paid = true;
        return {
          status: 201,
          body: {
            invoiceId: 'inv-7',
            total: 120000,
            currency: 'EUR',
            amountPaid: 120000,
            balance: 0,
            voided: false,
            settled: true,
            paymentId: 'p1',
            position: '12',
          },
        };
      },
    });
    const user = userEvent.setup();
    renderApp(`/i/${TOKEN}`);
    const bar = await screen.findByRole('complementary', { name: 'Owner view' });
    expect(within(bar).getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/');
    await user.click(within(bar).getByRole('button', { name: 'Mark as paid' }));
    await screen.findByText('Marked as paid');
    // The whole balance, dated by the server: no amount sent, and one request with its own key.
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({});
    expect(posts[0]?.headers.get('Idempotency-Key')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Paid in full' });
    expect(within(bar).queryByRole('button', { name: 'Mark as paid' })).not.toBeInTheDocument();
    // The view was asked with the owner's token (not counted as the customer's view) and the payment's position.
    const lastView = requests.filter((request) => request.path === `/public/invoices/${TOKEN}`).at(-1);
    expect(lastView?.headers.get('Authorization')).toBe('Bearer jwt');
    expect(lastView?.headers.get('X-Remit-Position')).toBe('12');
  });

  it('shows a customer nothing of it: signed out nothing is asked, signed in as someone else the 404 hides it', async () => {
    const { requests } = mockApi({
      'GET /auth/status': () => ({ status: 401, body: { error: 'Sign in' } }),
      [`GET /public/invoices/${TOKEN}`]: () => ({ body: publicView() }),
      [`GET /public/invoices/${TOKEN}/preview`]: () => ({ body: '<p>invoice</p>' }),
    });
    const first = renderApp(`/i/${TOKEN}`);
    await screen.findByRole('heading', { name: 'Amount due' });
    expect(screen.queryByRole('complementary', { name: 'Owner view' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as paid' })).not.toBeInTheDocument();
    expect(requests.some((request) => request.path.startsWith('/shared-invoices'))).toBe(false);
    first.unmount();

    storeToken('jwt');
    const other = mockApi({
      'GET /auth/status': () => ({ body: { user: testUser } }),
      'GET /check-subscription': () => ({ body: { subscribed: false } }),
      [`GET /public/invoices/${TOKEN}`]: () => ({ body: publicView() }),
      [`GET /public/invoices/${TOKEN}/preview`]: () => ({ body: '<p>invoice</p>' }),
      [`GET /shared-invoices/${TOKEN}`]: () => ({
        status: 404,
        body: { error: 'This invoice link is not valid', code: 'not_found' },
      }),
    });
    renderApp(`/i/${TOKEN}`);
    await screen.findByRole('heading', { name: 'Amount due' });
    await waitFor(() =>
      expect(other.requests.some((request) => request.path === `/shared-invoices/${TOKEN}`)).toBe(true),
    );
    expect(screen.queryByRole('complementary', { name: 'Owner view' })).not.toBeInTheDocument();
    expect(screen.queryByText('This invoice link is not valid')).not.toBeInTheDocument();
  });

  it("offers 'Pay' for the balance when the owner takes online payments, and goes to the checkout once for a double click", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      const { requests } = mockApi({
        'GET /auth/status': () => ({ status: 401, body: { error: 'Sign in' } }),
        [`GET /public/invoices/${TOKEN}`]: () => ({ body: publicView({ payOnline: true, balance: 90036 }) }),
        [`GET /public/invoices/${TOKEN}/preview`]: () => ({ body: '<p>invoice</p>' }),
        [`POST /public/invoices/${TOKEN}/checkout`]: () => ({
          body: { url: 'http://localhost/api/billing/sandbox/invoice-checkout/cs_sandbox_inv_1' },
        }),
      });
      const user = userEvent.setup();
      renderApp(`/i/${TOKEN}`);
      await user.dblClick(await screen.findByRole('button', { name: 'Pay €900.36' }));
      await waitFor(() =>
        expect(assign).toHaveBeenCalledWith(
          'http://localhost/api/billing/sandbox/invoice-checkout/cs_sandbox_inv_1',
        ),
      );
      expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('confirms the payment on the way back from checkout and shows Paid at once', async () => {
    const { requests } = mockApi({
      'GET /auth/status': () => ({ status: 401, body: { error: 'Sign in' } }),
      [`GET /public/invoices/${TOKEN}`]: () => ({ body: publicView({ payOnline: true }) }),
      [`GET /public/invoices/${TOKEN}/preview`]: () => ({ body: '<p>invoice</p>' }),
      [`POST /public/invoices/${TOKEN}/confirm`]: () => ({
        body: { paid: true, balance: 0, settled: true, position: '40' },
      }),
    });
    renderApp(`/i/${TOKEN}?checkout=return&session_id=cs_test_1`);
    expect(await screen.findByText('Payment received. Thank you!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Paid in full' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
    const confirms = requests.filter((request) => request.path === `/public/invoices/${TOKEN}/confirm`);
    expect(confirms.map((request) => request.body)).toEqual([{ sessionId: 'cs_test_1' }]);
  });

  it("is kept out of search engines and never shows the app's 'ready to work offline' note", async () => {
    pwaState.offlineReady = true;
    try {
      mockApi({
        [`GET /public/invoices/${TOKEN}`]: () => ({ body: publicView() }),
        [`GET /public/invoices/${TOKEN}/preview`]: () => ({ body: '<p>invoice</p>' }),
        'GET /auth/providers': () => ({ body: { google: false } }),
      });
      const customer = renderApp(`/i/${TOKEN}`);
      await screen.findByRole('heading', { name: 'Amount due' });
      expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
        'content',
        'noindex, nofollow',
      );
      expect(screen.queryByText('Remit is ready to work offline.')).not.toBeInTheDocument();
      customer.unmount();
      expect(document.head.querySelector('meta[name="robots"]')).toBeNull();

      // The app's own screens still say it, once.
      renderApp('/login');
      expect(await screen.findByText('Remit is ready to work offline.')).toBeInTheDocument();
    } finally {
      pwaState.offlineReady = false;
    }
  });

  it('says a void invoice asks for nothing and shows no way to pay', async () => {
    mockApi({
      'GET /auth/status': () => ({ status: 401, body: { error: 'Sign in' } }),
      [`GET /public/invoices/${TOKEN}`]: () => ({
        body: publicView({
          status: 'void',
          payment: {
            type: 'bank_transfer',
            name: 'Bank',
            bankName: 'Bank',
            iban: 'DE89370400440532013000',
            swift: '',
            accountNumber: '',
            paymentLink: '',
            instructions: '',
            reference: 'INV-007',
          },
        }),
      }),
      [`GET /public/invoices/${TOKEN}/preview`]: () => ({ body: '<p>invoice</p>' }),
    });
    renderApp(`/i/${TOKEN}`);
    await screen.findByRole('heading', { name: 'Nothing to pay' });
    expect(screen.getByText('Void')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'How to pay' })).not.toBeInTheDocument();
  });

  it('lists the credit notes that correct it, each with its PDF, and asks only for what is left', async () => {
    mockApi({
      'GET /auth/status': () => ({ status: 401, body: { error: 'Sign in' } }),
      [`GET /public/invoices/${TOKEN}`]: () => ({
        body: publicView({
          status: 'outstanding',
          balance: 96000,
          creditNotes: [
            {
              id: 'cn-1',
              number: 'CN-0001',
              issueDate: '2026-11-10',
              total: 24000,
              reason: 'Zwei Stunden weniger',
              full: false,
            },
          ],
        }),
      }),
      [`GET /public/invoices/${TOKEN}/preview`]: () => ({ body: '<p>invoice</p>' }),
    });
    renderApp(`/i/${TOKEN}`);
    const card = within(await screen.findByRole('region', { name: 'Credit notes' }));
    expect(card.getByText('Zwei Stunden weniger', { exact: false })).toBeInTheDocument();
    expect(card.getByText('−€240.00')).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Download CN-0001 (PDF)' })).toHaveAttribute(
      'href',
      `/api/public/invoices/${TOKEN}/credit-notes/cn-1/pdf`,
    );
    expect(screen.getByRole('heading', { name: 'Amount due' })).toBeInTheDocument();
    expect(screen.getByText('€960.00')).toBeInTheDocument();
  });

  it("speaks the invoice's language to the customer (issue 30): its words, money and dates", async () => {
    mockApi({
      'GET /auth/status': () => ({ status: 401, body: { error: 'Sign in' } }),
      [`GET /public/invoices/${TOKEN}`]: () => ({
        body: publicView({
          language: 'de',
          amountPaid: 20000,
          balance: 100000,
          status: 'partially_paid',
          payment: {
            type: 'bank_transfer',
            name: 'Bank',
            bankName: 'Berliner Sparkasse',
            iban: 'DE89370400440532013000',
            swift: 'COBADEFFXXX',
            accountNumber: '',
            paymentLink: '',
            instructions: '',
            reference: 'INV-007',
          },
        }),
      }),
      [`GET /public/invoices/${TOKEN}/preview`]: () => ({ body: '<p>Rechnung</p>' }),
    });
    renderApp(`/i/${TOKEN}`);
    await screen.findByRole('heading', { name: 'Offener Betrag' });
    expect(screen.getByRole('heading', { name: 'Rechnung INV-007' })).toBeInTheDocument();
    expect(screen.getByText('1.000,00 €')).toBeInTheDocument();
    expect(screen.getByText('200,00 € von 1.200,00 € bezahlt')).toBeInTheDocument();
    expect(screen.getByText('Teilweise bezahlt')).toBeInTheDocument();
    expect(screen.getByText('1. Dezember 2026')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'So bezahlen Sie' })).toBeInTheDocument();
    expect(screen.getByText('Verwendungszweck')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'PDF herunterladen' })).toBeInTheDocument();
    expect(document.title).toBe('Rechnung INV-007 von Ada Ltd');
    expect(document.documentElement.lang).toBe('de');
  });

  it('says when too many requests were made instead of calling the link invalid', async () => {
    mockApi({
      'GET /auth/status': () => ({ status: 401, body: { error: 'Sign in' } }),
      [`GET /public/invoices/${TOKEN}`]: () => ({
        status: 429,
        headers: { 'Retry-After': '42' },
        body: {
          error: 'Too many requests for invoice links from your network. Please wait a minute and try again.',
        },
      }),
    });
    renderApp(`/i/${TOKEN}`);
    await screen.findByRole('heading', { name: 'The invoice could not be loaded' });
    expect(
      screen.getByText(
        'Too many requests for invoice links from your network. Please wait a minute and try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('This invoice link is not valid')).not.toBeInTheDocument();
  });
  it('opens for someone whose stored session has ended: the page asks again without it', async () => {
    storeToken('stale');
    const { requests } = mockApi({
      'GET /auth/status': () => ({ status: 401, body: { error: 'Your session has expired' } }),
      [`GET /public/invoices/${TOKEN}`]: (request) =>
        request.headers.get('Authorization')
          ? { status: 401, body: { error: 'Your session has expired' } }
          : { body: publicView() },
      [`GET /public/invoices/${TOKEN}/preview`]: () => ({ body: '<p>invoice</p>' }),
    });
    renderApp(`/i/${TOKEN}`);
    await screen.findByRole('heading', { name: 'Amount due' });
    const views = requests.filter((request) => request.path === `/public/invoices/${TOKEN}`);
    expect(views.at(-1)?.headers.get('Authorization')).toBeNull();
  });
});
