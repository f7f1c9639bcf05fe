import type { OpenDatabase } from '@remit/eventstore';
import { openTestDatabase, testStores } from '@remit/eventstore/testing';
import { migrateReadModels, readModels } from '@remit/readmodels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickStats } from './stats.js';

describe.each(testStores())('quick stats overdue on %s', (kind) => {
  let database: OpenDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await migrateReadModels(database);
    // The kept owing days as `invoice-totals` leaves them (its tests cover how invoices get there).
    const day = (userId: string, since: string, currency: string, inclusive: boolean, balance: number) => ({
      userId,
      since,
      currency,
      inclusive,
      invoices: 1,
      balance,
    });
    await database.db.insert(readModels.owingDays).values([
      day('u', '2026-11-23', 'EUR', false, 100), // due yesterday
      day('u', '2026-11-24', 'EUR', false, 20), // due today: not yet overdue
      day('u', '2026-11-24', 'EUR', true, 3), // issued today, after its due date
      day('u', '2026-11-25', 'EUR', true, 4000), // issued tomorrow, after its due date
      day('u', '2026-11-01', 'USD', false, 500),
      day('someone else', '2026-11-01', 'EUR', false, 99_999),
    ]);
  }, 60_000);
  afterAll(() => database.close());

  it("sums the user's balances overdue on the day: past due, and issued by then", async () => {
    expect((await quickStats(database.db, 'u', '2026-11-24')).overduePayments).toEqual([
      { currency: 'USD', amount: 500 },
      { currency: 'EUR', amount: 103 },
    ]);
    expect((await quickStats(database.db, 'u', '2026-11-25')).overduePayments).toEqual([
      { currency: 'EUR', amount: 4123 },
      { currency: 'USD', amount: 500 },
    ]);
    expect((await quickStats(database.db, 'u', '2026-11-01')).overduePayments).toEqual([]);
  });
});
