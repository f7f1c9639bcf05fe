import { type InvoiceContent, readEvent } from '@remit/contracts';
import { createEventStore, type EventStore, type OpenDatabase } from '@remit/eventstore';
import { openTestDatabase, testStores } from '@remit/eventstore/testing';
import { createLogger } from '@remit/kit';
import { migrateReadModels, readModels } from '@remit/readmodels';

import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEvents } from '../projection.js';
import { startProjector } from '../projector.js';
import { replayProjections } from '../replay.js';
import { activitiesProjection } from './activities.js';
import { paymentMethodsProjection } from './payment-methods.js';
import { profileStatsProjection } from './profile-stats.js';

const { clientTotals, currencyStats, statsInvoices } = readModels;

function content(overrides: {
  number: string;
  currency: string;
  total: number;
  customer: [name: string, email: string];
  issueDate?: string;
}): InvoiceContent {
  const [name, email] = overrides.customer;
  const party = { name, email, address: '1 Main Street', companyName: `${name} Ltd`, vatId: null };
  return {
    number: overrides.number,
    issueDate: overrides.issueDate ?? '2025-01-10',
    dueDate: '2025-02-10',
    currency: overrides.currency,
    taxRate: 0,
    items: [{ description: 'Work', quantity: 1, unitPrice: overrides.total, total: overrides.total }],
    subtotal: overrides.total,
    tax: 0,
    total: overrides.total,
    seller: { ...party, name: 'Ada Lovelace', email: 'ada@example.com' },
    customer: party,
    notes: '',
    terms: '',
    logo: null,
    paymentMethod: null,
    template: { id: 'classic', name: 'Classic', componentName: 'ClassicTemplate' },
  };
}

const projections = [profileStatsProjection, paymentMethodsProjection, activitiesProjection];

describe.each(testStores())('profile stats and top clients projection on %s', (kind) => {
  let database: OpenDatabase;
  let store: EventStore;

  async function issue(userId: string, invoiceId: string, invoice: InvoiceContent) {
    await store.append(
      `invoice-${invoiceId}`,
      [{ type: 'InvoiceIssued', data: { invoiceId, userId, ...invoice, status: 'Draft' } }],
      { expectedVersion: 'no_stream' },
    );
  }
  async function onInvoice(invoiceId: string, type: string, data: Record<string, unknown>) {
    await store.append(`invoice-${invoiceId}`, [{ type, data: { invoiceId, ...data } }], {
      expectedVersion: 'any',
    });
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await migrateReadModels(database);
    store = createEventStore(database);
    const u1 = 'user-1';
    await issue(
      u1,
      'i1',
      content({ number: 'A-1', currency: 'EUR', total: 10_000, customer: ['Alice', 'alice@x.test'] }),
    );
    await issue(
      u1,
      'i2',
      content({ number: 'A-2', currency: 'EUR', total: 5_000, customer: ['Bob', 'bob@x.test'] }),
    );
    await issue(
      u1,
      'i3',
      content({ number: 'A-3', currency: 'JPY', total: 5_000, customer: ['Alice', 'alice@x.test'] }),
    );
    await issue(
      u1,
      'i4',
      content({ number: 'A-4', currency: 'USD', total: 3_000, customer: ['Carol', 'carol@x.test'] }),
    );
    await issue(
      u1,
      'i5',
      content({ number: 'A-5', currency: 'EUR', total: 2_000, customer: ['Robert', 'BOB@x.test'] }),
    );
    await issue(
      'user-2',
      'i6',
      content({ number: 'B-1', currency: 'EUR', total: 99_900, customer: ['Alice', 'alice@x.test'] }),
    );
    // Paid one way and the other; i5 both ways (once in the figures).
    await onInvoice('i1', 'InvoicePaidFor', { userId: u1, sessionId: 's1', amount: 399, currency: 'EUR' });
    await store.append(
      'subscription-user-1',
      [{ type: 'InvoicePurchased', data: { userId: u1, invoiceId: 'i5' } }],
      {
        expectedVersion: 'any',
      },
    );
    await onInvoice('i5', 'InvoicePaidFor', { userId: u1, sessionId: 's2', amount: 399, currency: 'EUR' });
    // A revision changes the amount and the customer's name; a deletion removes the invoice.
    await onInvoice('i3', 'InvoiceRevised', {
      userId: u1,
      ...content({
        number: 'A-3',
        currency: 'JPY',
        total: 7_000,
        customer: ['Alice Liddell', 'alice@x.test'],
      }),
    });
    await onInvoice('i4', 'InvoiceDeleted', { userId: u1, number: 'A-4' });
    const projector = startProjector({
      store,
      projections,
      logger: createLogger({ level: 'silent', name: 'test' }),
    });
    await projector.caughtUp();
    await projector.stop();
  });
  afterAll(async () => {
    await store.close();
    await database.close();
  });

  const rows = async () => ({
    stats: await database.db
      .select()
      .from(currencyStats)
      .orderBy(asc(currencyStats.userId), asc(currencyStats.currency)),
    clients: await database.db
      .select()
      .from(clientTotals)
      .orderBy(asc(clientTotals.userId), asc(clientTotals.customerEmail), asc(clientTotals.currency)),
    invoices: await database.db.select().from(statsInvoices).orderBy(asc(statsInvoices.invoiceId)),
  });

  it('sums paid and unpaid totals per user and currency, over live invoices only', async () => {
    const { stats } = await rows();
    expect(stats).toEqual([
      { userId: 'user-1', currency: 'EUR', revenue: 12_000, pending: 5_000, invoices: 3 },
      { userId: 'user-1', currency: 'JPY', revenue: 0, pending: 7_000, invoices: 1 },
      { userId: 'user-2', currency: 'EUR', revenue: 0, pending: 99_900, invoices: 1 },
    ]);
  });

  it('totals each client by e-mail (any case) and currency, named as on their newest invoice', async () => {
    const { clients } = await rows();
    expect(clients).toEqual([
      {
        userId: 'user-1',
        customerEmail: 'alice@x.test',
        currency: 'EUR',
        customerName: 'Alice',
        invoices: 1,
        amount: 10_000,
      },
      {
        userId: 'user-1',
        customerEmail: 'alice@x.test',
        currency: 'JPY',
        customerName: 'Alice Liddell',
        invoices: 1,
        amount: 7_000,
      },
      {
        userId: 'user-1',
        customerEmail: 'bob@x.test',
        currency: 'EUR',
        customerName: 'Robert',
        invoices: 2,
        amount: 7_000,
      },
      {
        userId: 'user-2',
        customerEmail: 'alice@x.test',
        currency: 'EUR',
        customerName: 'Alice',
        invoices: 1,
        amount: 99_900,
      },
    ]);
  });

  it('gives the same rows when the events are delivered again', async () => {
    const before = await rows();
    const events = await store.readAll({ txId: 0n, position: 0n }, { limit: 1000 });
    await database.db.transaction(async (tx) => {
      for (const projection of projections) await applyEvents(projection, tx, events.map(readEvent));
    });
    expect(await rows()).toEqual(before);
  });

  it('rebuilds from the log into the same rows as live', async () => {
    const reports = await replayProjections(database.db, projections);
    expect(reports.map((report) => [report.projection, report.differences])).toEqual(
      projections.map((projection) => [projection.name, []]),
    );
    expect(reports[0]?.events).toBeGreaterThan(0);
  });
});
