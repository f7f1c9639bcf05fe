import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { listedInvoice, mockApi, testUser } from './api';

type Handlers = Parameters<typeof mockApi>[0];

/** `GET /invoices/{id}`'s collection part of an open invoice: nothing paid, no link, reminders on. */
export const openCollection = {
  CollectionStatus: 'outstanding',
  AmountPaid: 0,
  Balance: 10000,
  VoidReason: null,
  Payments: [],
  Shared: false,
  RemindersEnabled: true,
};

/** A signed-in subscriber with one invoice INV-001 (id inv-1) on the dashboard, plus `handlers`. */
export function mockOneInvoice(handlers: Handlers = {}) {
  return mockApi({
    'GET /auth/status': () => ({ body: { user: testUser } }),
    'GET /check-subscription': () => ({ body: { subscribed: true } }),
    'GET /invoices': () => ({
      body: {
        invoices: [
          listedInvoice({
            ID: 'inv-1',
            InvoiceNumber: 'INV-001',
            CollectionStatus: 'outstanding',
            AmountPaid: 0,
            Balance: 10000,
          }),
        ],
        pagination: { page: 1, limit: 15, total: 1, total_pages: 1 },
      },
    }),
    'GET /invoices/inv-1/preview': () => ({ body: '<p>invoice</p>' }),
    'GET /invoices/inv-1/history': () => ({ body: { events: [] } }),
    'GET /invoices/inv-1': () => ({ body: { Collection: openCollection } }),
    ...handlers,
  });
}

/** Opens INV-001's Invoice Preview on the dashboard and one of its tabs. */
export async function openPreviewTab(
  user: UserEvent,
  tab: 'Preview' | 'History' | 'Payments' | 'Send' | 'Share',
) {
  await user.click(await screen.findByRole('button', { name: 'Open invoice INV-001' }));
  await user.click(await screen.findByRole('tab', { name: tab }));
}
