import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { mockApi, testUser } from '../../test/api';
import { renderApp, warmRoutes } from '../../test/renderApp';

function listItem(index: number, locked: boolean, status = 'Draft') {
  return {
    ID: `inv-${index}`,
    InvoiceNumber: `INV-${String(index).padStart(3, '0')}`,
    IssueDate: '2026-03-05',
    DueDate: '2026-04-04',
    Status: status,
    is_paid: status === 'paid',
    Amount: 123456 + index,
    Currency: index === 1 ? 'EUR' : 'JPY',
    CustomerName: 'Charles Babbage',
    CustomerCompanyName: 'Engines Co',
    CustomerEmail: 'charles@example.com',
    locked,
  };
}

function api(subscribed: boolean, invoices: ReturnType<typeof listItem>[], totalPages = 1) {
  return mockApi({
    'GET /auth/status': () => ({ body: { user: testUser } }),
    'GET /check-subscription': () => ({ body: { subscribed } }),
    'GET /invoices': () => ({
      body: { invoices, pagination: { page: 1, limit: 15, total: invoices.length, total_pages: totalPages } },
    }),
    'GET /invoices/inv-1/history': () => ({
      body: {
        events: [
          {
            type: 'InvoiceIssued',
            at: '2026-03-05T10:00:00Z',
            by: { id: 'user-1', name: 'Ada Lovelace' },
            summary: 'Invoice INV-001 issued',
          },
        ],
      },
    }),
  });
}

beforeAll(() => warmRoutes('/'));

describe('dashboard (spec §2, §6)', () => {
  it('shows a non-subscriber the first invoice open and the others locked, without search or paging', async () => {
    storeToken('jwt');
    api(false, [listItem(1, false), listItem(2, true), listItem(3, true)], 2);
    renderApp('/');
    const rows = await screen.findAllByTestId('invoice');
    expect(rows).toHaveLength(3);
    expect(rows[0]).not.toHaveAttribute('data-locked');
    expect(rows[0]).toHaveTextContent('€1,234.57');
    expect(rows[0]).toHaveTextContent('Mar 5, 2026');
    expect(rows[0]).toHaveTextContent('Pending');
    // The open invoice is free already: nothing to pay for (issue 16); the locked ones can be bought.
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'Pay Now' })).toBeInTheDocument();
    expect(rows[1]).toHaveAttribute('data-locked', 'true');
    expect(rows[1]).toHaveTextContent('¥123,458');
    expect(screen.getAllByText('Subscribe to unlock this feature')).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'Upgrade Now' })).toHaveLength(2);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.queryByRole('searchbox', { name: 'Search invoices' })).not.toBeInTheDocument();
  });

  it('sends the download of a locked invoice to the plans', async () => {
    storeToken('jwt');
    api(false, [listItem(1, false), listItem(2, true)]);
    const { router } = renderApp('/');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download invoice INV-002' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
  });

  it('gives a subscriber search, the grid toggle, paging, Paid status and no Pay Now', async () => {
    storeToken('jwt');
    const { fetchMock } = api(true, [listItem(1, false), listItem(2, false)], 3);
    const urls = () => fetchMock.mock.calls.map(([url]) => String(url));
    const user = userEvent.setup();
    renderApp('/');
    const rows = await screen.findAllByTestId('invoice');
    expect(rows[0]).toHaveTextContent('Paid');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(screen.queryByText('Subscribe to unlock this feature')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Grid' }));
    expect(screen.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(urls()).toContain('/api/invoices?page=2&limit=15'));
    await user.type(screen.getByRole('searchbox', { name: 'Search invoices' }), 'Babbage');
    await waitFor(() => expect(urls()).toContain('/api/invoices?page=1&limit=15&search=Babbage'));
  });

  it('pages by the cursors the list answers with, and says when a filtered count stopped at its cap', async () => {
    storeToken('jwt');
    const { fetchMock } = mockApi({
      'GET /auth/status': () => ({ body: { user: testUser } }),
      'GET /check-subscription': () => ({ body: { subscribed: true } }),
      'GET /invoices': () => ({ body: { invoices: [listItem(1, false)], pagination: pageOf(lastUrl()) } }),
    });
    const lastUrl = () => new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
    const pageOf = (url: URL) => {
      const page = Number(url.searchParams.get('page'));
      return {
        page,
        limit: 15,
        total: 1000,
        total_pages: 67,
        total_capped: true,
        next_cursor: `after-${page}`,
        previous_cursor: page > 1 ? `before-${page}` : null,
      };
    };
    const urls = () => fetchMock.mock.calls.map(([url]) => String(url));
    const user = userEvent.setup();
    renderApp('/');
    expect(await screen.findByText('Page 1 of 67+')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(urls()).toContain('/api/invoices?page=2&limit=15&after=after-1'));
    expect(await screen.findByText('Page 2 of 67+')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(urls()).toContain('/api/invoices?page=3&limit=15&after=after-2'));
    expect(await screen.findByText('Page 3 of 67+')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 2 of 67+')).toBeInTheDocument();
    expect(urls()).toContain('/api/invoices?page=2&limit=15&before=before-3');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(urls().at(-1)).toBe('/api/invoices?page=1&limit=15'));
  });

  it('says No Invoices Found when there are none', async () => {
    storeToken('jwt');
    api(false, []);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'No Invoices Found' })).toBeInTheDocument();
  });

  it('opens the Invoice Preview with its History', async () => {
    storeToken('jwt');
    api(true, [listItem(1, false)]);
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Open invoice INV-001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice Preview' });
    expect(within(dialog).getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'History' }));
    expect(await within(dialog).findByText('Invoice INV-001 issued')).toBeInTheDocument();
    expect(within(dialog).getByText(/by Ada Lovelace/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the download formats menu (issue 15)', () => {
  it('opens from the keyboard, moves with the arrows, downloads the XRechnung XML, and closes with Escape', async () => {
    storeToken('jwt');
    const { requests } = mockApi({
      'GET /auth/status': () => ({ body: { user: testUser } }),
      'GET /check-subscription': () => ({ body: { subscribed: true } }),
      'GET /invoices': () => ({
        body: {
          invoices: [listItem(1, false)],
          pagination: { page: 1, limit: 15, total: 1, total_pages: 1 },
        },
      }),
      'POST /invoices/inv-1/downloads': () => ({ body: { final: true } }),
      'GET /invoices/inv-1/einvoice': () => {
        return {
          body: '<?xml version="1.0" encoding="UTF-8"?><Invoice/>',
          headers: {
            'Content-Type': 'application/xml; charset=utf-8',
            'Content-Disposition': 'attachment; filename="INV-001-xrechnung-ubl.xml"',
          },
        };
      },
    });
    const saved: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:xml';
    URL.revokeObjectURL = () => undefined;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      renderApp('/');
      const user = userEvent.setup();
      const toggle = await screen.findByRole('button', { name: 'Download formats for invoice INV-001' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      toggle.focus();
      await user.keyboard('{ArrowDown}');
      const menu = screen.getByRole('menu', { name: 'Download invoice INV-001 as' });
      const [pdf, xml] = within(menu).getAllByRole('menuitem');
      expect(pdf).toHaveFocus();
      await user.keyboard('{ArrowDown}');
      expect(xml).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      expect(toggle).toHaveFocus();

      await user.keyboard('{Enter}');
      await user.keyboard('{ArrowUp}');
      await user.keyboard('{Enter}');
      await waitFor(() => expect(saved).toEqual(['INV-001-xrechnung-ubl.xml']));
      // The owner's download is recorded first (issue 27): the invoice is final from then on.
      const calls = requests.map((request) => `${request.method} ${request.path}`);
      expect(calls.indexOf('POST /invoices/inv-1/downloads')).toBeLessThan(
        calls.indexOf('GET /invoices/inv-1/einvoice'),
      );
      expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ format: 'einvoice' });
    } finally {
      HTMLAnchorElement.prototype.click = click;
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });
});

describe("the dashboard's 'Credit notes' filter (issue 27)", () => {
  const creditNote = {
    id: 'cn-1',
    number: 'CN-0001',
    issueDate: '2026-11-20',
    reason: 'Wrong hourly rate',
    full: false,
    total: 11406,
    currency: 'EUR',
    invoiceId: 'inv-1',
    invoiceNumber: 'INV-001',
    customerName: 'Zoë Ångström',
  };

  it('lists the credit notes instead of the invoices, searches them, and downloads one as PDF', async () => {
    storeToken('jwt');
    const { requests } = mockApi({
      'GET /auth/status': () => ({ body: { user: testUser } }),
      'GET /check-subscription': () => ({ body: { subscribed: true } }),
      'GET /drafts': () => ({ body: { drafts: [] } }),
      'GET /invoices': () => ({
        body: {
          invoices: [listItem(1, false)],
          pagination: { page: 1, limit: 15, total: 1, total_pages: 1 },
        },
      }),
      'GET /credit-notes': () => ({ body: { creditNotes: [creditNote], total: 1, page: 1, pageSize: 20 } }),
      'GET /credit-notes/cn-1/pdf': () => ({
        body: '%PDF',
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="CN-0001.pdf"',
        },
      }),
    });
    const saved: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:pdf';
    URL.revokeObjectURL = () => undefined;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    try {
      renderApp('/');
      const user = userEvent.setup();
      await screen.findAllByTestId('invoice');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'Credit notes');
      const list = await screen.findByRole('list', { name: 'Credit notes' });
      expect(screen.queryAllByTestId('invoice')).toHaveLength(0);
      expect(list).toHaveTextContent('CN-0001');
      expect(list).toHaveTextContent('Corrects INV-001 · Zoë Ångström');
      expect(list).toHaveTextContent('Wrong hourly rate');
      expect(list).toHaveTextContent('−€114.06');
      expect(list).toHaveTextContent('Partial credit');

      // The search asks for the credit notes again (debounced), not for invoices.
      const asked = () => requests.filter((request) => request.path === '/credit-notes').length;
      const invoicesAsked = requests.filter((request) => request.path === '/invoices').length;
      const before = asked();
      await user.type(screen.getByRole('searchbox', { name: 'Search invoices' }), 'zoë');
      await waitFor(() => expect(asked()).toBeGreaterThan(before));
      expect(requests.filter((request) => request.path === '/invoices')).toHaveLength(invoicesAsked);

      await user.click(screen.getByRole('button', { name: 'Download formats for credit note CN-0001' }));
      await user.click(
        within(screen.getByRole('menu', { name: 'Download credit note CN-0001 as' })).getAllByRole(
          'menuitem',
        )[0] as HTMLElement,
      );
      await waitFor(() => expect(saved).toEqual(['CN-0001.pdf']));
      // A credit note is final when issued: nothing is recorded before its download.
      expect(requests.some((request) => request.method === 'POST')).toBe(false);
    } finally {
      HTMLAnchorElement.prototype.click = click;
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
  });

  it('sends a credit note from its row: one e-mail on a double click, a refusal kept in the dialog', async () => {
    storeToken('jwt');
    let sends = 0;
    mockApi({
      'GET /auth/status': () => ({ body: { user: testUser } }),
      'GET /check-subscription': () => ({ body: { subscribed: true } }),
      'GET /drafts': () => ({ body: { drafts: [] } }),
      'GET /invoices': () => ({
        body: {
          invoices: [listItem(1, false)],
          pagination: { page: 1, limit: 15, total: 1, total_pages: 1 },
        },
      }),
      'GET /credit-notes': () => ({ body: { creditNotes: [creditNote], total: 1, page: 1, pageSize: 20 } }),
      'GET /credit-notes/cn-1': () => ({
        body: {
          ...creditNote,
          invoiceIssueDate: '2026-11-02',
          mail: {
            subject: 'Avoir CN-0001 de Ada Lovelace',
            message:
              'Veuillez trouver ci-joint l’avoir CN-0001 d’un montant de 114,06 €, qui corrige la facture INV-001 du 2 novembre 2026.',
          },
        },
      }),
      'POST /credit-notes/cn-1/send': (request) => {
        sends += 1;
        return (request.body as { to: string }).to === 'bad'
          ? { status: 400, body: { error: 'Enter valid e-mail addresses' } }
          : {
              status: 201,
              body: { sendId: 's1', to: ['zoe@example.com'], cc: [], subject: 'Credit note CN-0001' },
            };
      },
    });
    renderApp('/');
    const user = userEvent.setup();
    await screen.findAllByTestId('invoice');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'Credit notes');
    await user.click(await screen.findByRole('button', { name: 'Send credit note CN-0001' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Send credit note CN-0001' }));
    // The empty message shows the French opening the customer will get (D-341).
    await waitFor(() =>
      expect(dialog.getByLabelText('Message')).toHaveAttribute(
        'placeholder',
        expect.stringMatching(/^Veuillez trouver ci-joint l’avoir CN-0001/),
      ),
    );
    await user.type(dialog.getByLabelText(/^To/), 'bad');
    await user.click(dialog.getByRole('button', { name: 'Send credit note' }));
    expect(await dialog.findByText('Enter valid e-mail addresses')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText(/^To/));
    await user.dblClick(dialog.getByRole('button', { name: 'Send credit note' }));
    expect(await screen.findByText('Credit note CN-0001 sent to zoe@example.com')).toBeInTheDocument();
    expect(sends).toBe(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe("the dashboard's quote filters (issue 33)", () => {
  it("'Quotes: Accepted' lists the accepted quotes instead of the invoices, each linking to its page", async () => {
    storeToken('jwt');
    const { requests } = mockApi({
      'GET /auth/status': () => ({ body: { user: testUser } }),
      'GET /check-subscription': () => ({ body: { subscribed: true } }),
      'GET /drafts': () => ({ body: { drafts: [] } }),
      'GET /invoices': () => ({
        body: {
          invoices: [listItem(1, false)],
          pagination: { page: 1, limit: 15, total: 1, total_pages: 1 },
        },
      }),
      'GET /quotes': () => ({
        body: {
          quotes: [
            {
              id: 'q1',
              number: 'QUO-0001',
              state: 'Accepted',
              customerName: 'Charles Babbage',
              customerCompanyName: 'Difference Works',
              issueDate: '2026-03-01',
              validUntil: '2026-03-31',
              total: 228156,
              currency: 'EUR',
              invoiceId: null,
              invoiceNumber: null,
              updatedAt: '2026-03-02T10:00:00.000Z',
            },
          ],
          page: 1,
          hasMore: false,
        },
      }),
    });
    renderApp('/');
    const user = userEvent.setup();
    await screen.findAllByTestId('invoice');
    const invoicesAsked = requests.filter((request) => request.path === '/invoices').length;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'Quotes: Accepted');
    const list = await screen.findByRole('list', { name: 'Quotes' });
    expect(screen.queryAllByTestId('invoice')).toHaveLength(0);
    expect(within(list).getByRole('link', { name: /QUO-0001 · Difference Works/ })).toHaveAttribute(
      'href',
      '/quotes/q1',
    );
    expect(list).toHaveTextContent('Accepted');
    expect(requests.filter((request) => request.path === '/invoices')).toHaveLength(invoicesAsked);
  });
});
