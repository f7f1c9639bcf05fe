import { type Client, type ClientListEntry, clientListEntrySchema, type Item } from '@remit/contracts';
import { screen } from '@testing-library/react';
import { storeToken } from '../../api/session';
import { mockApi, type RecordedRequest, testUser } from '../../test/api';
import { renderApp } from '../../test/renderApp';

// The server of /clients and /items as their tests answer it.

export const acme: ClientListEntry = clientListEntrySchema.parse({
  id: 'c1',
  version: 1,
  archived: false,
  companyName: 'Difference Works',
  contactName: 'Charles Babbage',
  email: 'charles@difference.example',
  ccEmails: [],
  address: { street: '1 Dorset Street', postCode: 'W1U 4EG', city: 'London', country: 'GB' },
  vatId: '',
  taxNumber: '',
  type: 'business',
  buyerReference: '',
  electronicAddress: '',
  language: 'en',
  currency: 'EUR',
  paymentTermsDays: 30,
  vatCategory: null,
  vatRate: null,
  notes: '',
  balances: [{ currency: 'EUR', balance: 190110 }],
  lastInvoiceDate: '2026-03-14',
});

export const design: Item = {
  id: 'i1',
  version: 1,
  name: 'Design work',
  description: 'Screens and flows',
  unit: 'HUR',
  price: '85.00',
  priceMinor: 8500,
  currency: 'EUR',
  vatCategory: null,
  vatRate: null,
};

type Handler = (request: RecordedRequest) => { status?: number; body?: unknown };

export interface Setup {
  clients?: ClientListEntry[];
  items?: Item[];
  listFails?: boolean;
  onCreate?: Handler;
  onUpdate?: Handler;
  onDelete?: Handler;
  onCreateItem?: Handler;
  candidates?: unknown[];
  onImport?: Handler;
}

const { balances: _b, lastInvoiceDate: _l, ...acmeClient } = acme;
const asClient = (entry: ClientListEntry): Client => {
  const { balances: _balances, lastInvoiceDate: _last, ...client } = entry;
  return client;
};

export function api(setup: Setup = {}) {
  const clients = setup.clients ?? [acme];
  return mockApi({
    'GET /auth/status': () => ({ body: { user: testUser } }),
    'GET /check-subscription': () => ({ body: { subscribed: true } }),
    'GET /clients': () =>
      setup.listFails ? { status: 500, body: { error: 'boom' } } : { body: { clients } },
    'GET /clients/c1': () => ({
      body: {
        client: clients[0] ?? acme,
        invoices: [
          {
            id: 'inv-1',
            number: 'INV-0001',
            issueDate: '2026-03-14',
            dueDate: '2026-04-13',
            currency: 'EUR',
            total: 190110,
            balance: 190110,
            voided: false,
          },
        ],
        creditNotes: [
          {
            id: 'cn-1',
            number: 'CN-0001',
            issueDate: '2026-03-20',
            reason: 'One hour less',
            full: false,
            total: 11406,
            currency: 'EUR',
            invoiceId: 'inv-0',
            invoiceNumber: 'INV-0000',
            customerName: 'Wile E.',
          },
        ],
        payments: [
          {
            id: 'p-1',
            invoiceId: 'inv-0',
            invoiceNumber: 'INV-0000',
            amount: 50000,
            currency: 'EUR',
            date: '2026-03-18',
            method: 'bank_transfer',
            reference: 'SEPA 123',
            reversed: false,
          },
          {
            id: 'p-2',
            invoiceId: 'inv-0',
            invoiceNumber: 'INV-0000',
            amount: 2000,
            currency: 'EUR',
            date: '2026-03-10',
            method: 'card',
            reference: '',
            reversed: true,
          },
        ],
      },
    }),
    'POST /clients': (request) =>
      setup.onCreate?.(request) ?? {
        status: 201,
        body: {
          client: {
            ...acmeClient,
            companyName: (request.body as { companyName: string }).companyName,
            id: 'c2',
          },
          position: '5',
        },
      },
    'PUT /clients/c1': (request) =>
      setup.onUpdate?.(request) ?? { body: { client: { ...asClient(acme), version: 2 }, position: '6' } },
    'DELETE /clients/c1': (request) =>
      setup.onDelete?.(request) ?? { body: { client: { ...asClient(acme), archived: true }, position: '7' } },
    'GET /clients/candidates': () => ({ body: { candidates: setup.candidates ?? [] } }),
    'POST /clients/import': (request) =>
      setup.onImport?.(request) ?? { status: 201, body: { imported: 1, position: '10' } },
    'GET /items': () => ({ body: { items: setup.items ?? [design] } }),
    'POST /items': (request) =>
      setup.onCreateItem?.(request) ?? {
        status: 201,
        body: { item: { ...design, id: 'i2' }, position: '8' },
      },
    'DELETE /items/i1': () => ({ body: { position: '9' } }),
    'PUT /items/i1': () => ({
      body: { item: { ...design, version: 2, price: '90.00', priceMinor: 9000 }, position: '11' },
    }),
  });
}

export async function openAt(path: string, heading: string) {
  storeToken('jwt');
  const view = renderApp(path);
  await screen.findByRole('heading', { name: heading, level: 1 });
  return view;
}
