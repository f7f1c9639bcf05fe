import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { db } from '../../db/database';
import { mockApi, type RecordedRequest, testUser } from '../../test/api';
import { renderApp, warmRoutes } from '../../test/renderApp';

const invoice = {
  ID: 'inv-1',
  InvoiceNumber: 'INV-001',
  IssueDate: '2026-03-05',
  DueDate: '2026-04-04',
  Status: 'Draft',
  is_paid: false,
  Amount: 123456,
  Currency: 'EUR',
  CustomerName: 'Charles Babbage',
  CustomerCompanyName: 'Engines Co',
  CustomerEmail: 'charles@example.com',
  locked: false,
};

const duplicateForm = {
  userName: 'Ada Lovelace',
  userEmail: 'ada@example.com',
  userAddress: '12 Analytical Street, London',
  userCompanyName: 'Engines and Co',
  customerName: 'Charles Babbage',
  customerEmail: 'charles@example.com',
  customerAddress: '1 Dorset Street, London',
  customerCompanyName: 'Engines Co',
  invoiceNumber: '',
  currency: 'EUR',
  taxRate: 20,
  issueDate: '2026-11-27',
  dueDate: '2026-12-27',
  items: [{ description: 'Design of the engine', quantity: 2, unitPrice: '950.50' }],
  notes: '',
  termsAndConditions: 'Payment due in 30 days.',
  templateId: 'classic',
};

function api(extra: Record<string, (request: RecordedRequest) => { status?: number; body?: unknown }> = {}) {
  storeToken('jwt');
  return mockApi({
    'GET /auth/status': () => ({ body: { user: testUser } }),
    'GET /check-subscription': () => ({ body: { subscribed: true } }),
    'GET /invoices': () => ({
      body: { invoices: [invoice], pagination: { page: 1, limit: 15, total: 1, total_pages: 1 } },
    }),
    'GET /drafts': () => ({
      body: {
        drafts: [
          {
            id: 'draft-0001',
            form: duplicateForm,
            version: 2,
            duplicateOf: 'inv-1',
            updatedAt: '2026-11-27T10:00:00Z',
          },
        ],
      },
    }),
    'GET /invoices/next-number': () => ({ body: { number: 'INV-0002' } }),
    'GET /customers/suggestions': () => ({ body: [] }),
    'GET /settings/payment-methods': () => ({ body: { paymentMethods: [] } }),
    ...extra,
  });
}

const commands = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path);

beforeAll(() => warmRoutes('/'));
afterEach(async () => {
  await db.outbox.clear();
  await db.drafts.clear();
});

describe('unissued drafts and Duplicate on the dashboard (issue 27)', () => {
  it("lists the server's drafts as 'Not issued' beside the invoices; Delete, double-clicked, discards once", async () => {
    const { requests } = api({ 'DELETE /drafts/draft-0001': () => ({ body: { id: 'draft-0001' } }) });
    const user = userEvent.setup();
    renderApp('/');
    const drafts = await screen.findByRole('region', { name: 'Drafts (1)' });
    const entry = within(drafts).getByTestId('server-draft');
    expect(entry).toHaveTextContent('Not issued');
    expect(entry).toHaveTextContent('No number yet · Engines Co');
    expect(within(entry).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/invoice/create?draft=draft-0001',
    );
    // The invoice list keeps the spec's dot and statuses: the draft is not one of its rows.
    expect(await screen.findAllByTestId('invoice')).toHaveLength(1);
    await user.dblClick(within(entry).getByRole('button', { name: /Delete draft/ }));
    await screen.findByText('Draft deleted');
    expect(commands(requests, 'DELETE', '/drafts/draft-0001')).toHaveLength(1);
  });

  it('Duplicate, double-clicked, makes one draft and opens it in the wizard with the next number', async () => {
    const { requests } = api({
      'POST /invoices/inv-1/duplicate': () => ({ status: 201, body: { id: 'draft-0001', version: 1 } }),
      'GET /drafts/draft-0001': () => ({
        body: {
          id: 'draft-0001',
          form: duplicateForm,
          version: 1,
          duplicateOf: 'inv-1',
          updatedAt: '2026-11-27T10:00:00Z',
        },
      }),
    });
    const user = userEvent.setup();
    renderApp('/');
    await user.dblClick(await screen.findByRole('button', { name: 'Duplicate invoice INV-001' }));
    await waitFor(() => expect(screen.getByLabelText('Customer name')).toHaveValue('Charles Babbage'), {
      timeout: 10_000,
    });
    expect(commands(requests, 'POST', '/invoices/inv-1/duplicate')).toHaveLength(1);
    expect(screen.getByLabelText('Invoice number')).toHaveValue('INV-0002');
    expect(screen.getByLabelText('Issue date')).toHaveValue('2026-11-27');
    expect(screen.getByLabelText('Due date')).toHaveValue('2026-12-27');
    expect(screen.getByLabelText('Description')).toHaveValue('Design of the engine');
  }, 60_000);

  it("'Save as draft' saves once on a double click with its version; offline it waits in the outbox", async () => {
    const { requests } = api({
      'GET /drafts/draft-0001': () => ({
        body: {
          id: 'draft-0001',
          form: duplicateForm,
          version: 1,
          duplicateOf: 'inv-1',
          updatedAt: '2026-11-27T10:00:00Z',
        },
      }),
      'PUT /drafts/draft-0001': () => ({ body: { id: 'draft-0001', version: 2 } }),
    });
    const user = userEvent.setup();
    const first = renderApp('/invoice/create?draft=draft-0001');
    await waitFor(() => expect(screen.getByLabelText('Customer name')).toHaveValue('Charles Babbage'), {
      timeout: 10_000,
    });
    await user.dblClick(screen.getByRole('button', { name: 'Save as draft' }));
    await screen.findByText('Draft saved');
    const saved = commands(requests, 'PUT', '/drafts/draft-0001');
    expect(saved).toHaveLength(1);
    expect(saved[0]?.body).toMatchObject({
      version: 1,
      form: { customerName: 'Charles Babbage', invoiceNumber: 'INV-0002' },
    });
    first.unmount();

    // Offline: kept on this device, and queued with the version it was opened at.
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      await db.drafts.put({
        id: 'draft-0001',
        userId: testUser.id,
        kind: 'invoice',
        data: { form: { ...duplicateForm, invoiceNumber: 'INV-0002' }, logo: null, serverVersion: 2 },
        updatedAt: Date.now(),
      });
      renderApp('/invoice/create?draft=draft-0001');
      await waitFor(() => expect(screen.getByLabelText('Customer name')).toHaveValue('Charles Babbage'), {
        timeout: 10_000,
      });
      await user.click(screen.getByRole('button', { name: 'Save as draft' }));
      await screen.findByText(/You are offline. The draft is kept on this device/);
      const queued = await db.outbox.toArray();
      expect(queued).toHaveLength(1);
      expect(queued[0]).toMatchObject({
        method: 'PUT',
        path: '/drafts/draft-0001',
        draftId: 'draft-0001',
        body: { version: 2 },
      });
      expect(await db.drafts.get('draft-0001')).toBeDefined();
    } finally {
      if (online) Object.defineProperty(Navigator.prototype, 'onLine', online);
      Reflect.deleteProperty(navigator, 'onLine');
    }
  }, 90_000);
});
