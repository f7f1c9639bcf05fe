import { type InvoiceRecord, invoiceRecordFromV1, type SettingsUpdate } from '@remit/contracts';
import { issueInvoice, reviseInvoice } from '@remit/domain';
import { createEventStore, type EventStore, type OpenDatabase } from '@remit/eventstore';
import { openTestDatabase, testStores } from '@remit/eventstore/testing';
import { createLogger } from '@remit/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubscriptionSnapshot } from './billing/decider.js';
import { onBilling } from './billing/on-billing.js';
import { createCommands } from './commands.js';
import { paymentMethodCommand } from './payment-methods/decider.js';
import { changeSettings } from './settings/decider.js';

/** The same value with every object's keys in reverse order, as another writer or jsonb may give it. */
function reversed<Value>(value: Value): Value {
  if (Array.isArray(value)) return value.map(reversed) as Value;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, item]) => [key, reversed(item)]),
  ) as Value;
}

/**
 * Each decider folds its own events as they read back from the real store, where jsonb hands the data back
 * in another key order than it was written in; a command whose content is unchanged decides nothing.
 */
describe.each(testStores())('deciders folding what the store gives back on %s', (kind) => {
  let database: OpenDatabase;
  let store: EventStore;
  let commands: ReturnType<typeof createCommands>;
  const metadata = { userId: 'u1', client: 'system' as const };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    store = createEventStore(database);
    commands = createCommands({
      store,
      now: () => new Date(),
      logger: createLogger({ level: 'silent', name: 't' }),
    });
  });
  afterAll(async () => {
    await store.close();
    await database.close();
  });

  /** Runs a command twice: the first writes, the second (the same) writes nothing. */
  async function twice(make: () => Parameters<typeof commands.execute>[0]) {
    const first = await commands.execute(make(), metadata);
    const second = await commands.execute(make(), metadata);
    return { first: first.events.length, second: second.events.length };
  }

  const party = {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    address: '1 Main Street',
    companyName: 'Ada Co',
    vatId: null,
  };
  const content: InvoiceRecord = invoiceRecordFromV1({
    number: `F-${kind}`,
    issueDate: '2026-11-01',
    dueDate: '2026-12-01',
    currency: 'EUR',
    taxRate: 2000,
    items: [{ description: 'Design', quantity: 2, unitPrice: 1000, total: 2000 }],
    subtotal: 2000,
    tax: 400,
    total: 2400,
    seller: party,
    customer: { ...party, name: 'Bob Stone' },
    notes: 'Thanks',
    terms: '',
    logo: null,
    paymentMethod: { id: 'pm1', name: 'Main', type: 'bank_transfer', iban: 'DE89370400440532013000' },
    template: { id: 'classic', name: 'Classic', componentName: 'classic' },
  });

  it('invoice: the same revision twice, even with its keys in another order', async () => {
    await commands.execute(
      issueInvoice({ invoiceId: `inv-${kind}`, userId: 'u1', content, logo: null }),
      metadata,
    );
    const revised = reversed({ ...content, notes: 'Revised' });
    expect(
      await twice(() => reviseInvoice({ invoiceId: `inv-${kind}`, userId: 'u1', content: revised })),
    ).toEqual({
      first: 1,
      second: 0,
    });
  });

  it('settings: the same settings twice', async () => {
    const update: SettingsUpdate = {
      Name: 'Ada Lovelace',
      DefaultDueDays: 14,
      Settings: {
        CompanyEmail: 'a@b.co',
        CompanyAddress: '1 Main Street',
        CompanyName: 'Ada Co',
        DefaultCurrency: 'EUR',
        UserCompanyVAT: null,
      },
    };
    expect(
      await twice(() => changeSettings({ userId: `u-${kind}`, update: reversed(update), logo: null })),
    ).toEqual({
      first: 1,
      second: 0,
    });
  });

  it('payment methods: the same details twice', async () => {
    const form = {
      name: 'Main account',
      type: 'bank_transfer' as const,
      bankName: 'Bank',
      accountNumber: '',
      iban: 'DE89370400440532013000',
      swift: '',
      paymentLink: '',
      instructions: '',
      isDefault: true,
    };
    await commands.execute(
      paymentMethodCommand({
        type: 'AddPaymentMethod',
        data: { paymentMethodId: `pm-${kind}`, userId: 'u1', form },
      }),
      metadata,
    );
    const edited = reversed({ ...form, bankName: 'Another bank' });
    expect(
      await twice(() =>
        paymentMethodCommand({
          type: 'UpdatePaymentMethod',
          data: { paymentMethodId: `pm-${kind}`, userId: 'u1', form: edited },
        }),
      ),
    ).toEqual({ first: 1, second: 0 });
  });

  it("billing: the provider's same picture twice", async () => {
    const snapshot: SubscriptionSnapshot = {
      subscriptionId: 'sub_1',
      provider: 'stripe',
      planName: 'Pro',
      billingCycle: 'monthly',
      status: 'active',
      currentPeriodEnd: '2026-12-01T00:00:00.000Z',
      trialEnd: null,
      cancelAtPeriodEnd: false,
      observedAt: '2026-11-01T00:00:00.000Z',
    };
    const userId = `billing-${kind}`;
    expect(
      await twice(() => onBilling(userId, { type: 'SyncSubscription', data: { userId, snapshot } })),
    ).toEqual({ first: 1, second: 0 });
  });
});
