import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionSpec } from '../testing/spec.js';
import { bankProjection } from './bank.js';

const spec = projectionSpec(bankProjection);
beforeAll(() => spec.open());
afterAll(() => spec.close());

const ids = (transactionId: string, userId = 'u1') => ({ transactionId, userId });
const imported = (transactionId: string, suggestions: { invoiceId: string; amount: number }[] = []) => ({
  type: 'BankTransactionImported' as const,
  data: {
    ...ids(transactionId),
    statementId: 's1',
    statementDate: '2026-11-27',
    account: 'DE89370400440532013000',
    entryReference: `ref-${transactionId}`,
    bookingDate: '2026-11-27',
    amount: 25000,
    currency: 'EUR',
    payerName: 'Charles Babbage',
    remittance: 'INV-10, INV-11',
    suggestions: suggestions.map((suggestion) => ({
      ...suggestion,
      number: suggestion.invoiceId.toUpperCase(),
      currency: 'EUR',
      reason: 'several_invoices' as const,
    })),
  },
  streamId: `bank-transaction-u1-${transactionId}`,
  version: 1,
});
const matched = (transactionId: string, invoiceId: string, amount: number, version: number) => ({
  type: 'BankTransactionMatched' as const,
  data: {
    ...ids(transactionId),
    invoiceId,
    number: invoiceId.toUpperCase(),
    paymentId: `p-${invoiceId}`,
    amount,
    currency: 'EUR',
    automatic: false,
  },
  streamId: `bank-transaction-u1-${transactionId}`,
  version,
});

describe('the bank projection', () => {
  it('moves a credit from suggested to matched as its matches use it up; re-delivery changes nothing', async () => {
    const batch = await spec.given([
      imported('t1', [
        { invoiceId: 'inv-10', amount: 10000 },
        { invoiceId: 'inv-11', amount: 15000 },
      ]),
      imported('t2'),
      matched('t1', 'inv-10', 10000, 2),
    ]);
    const state = async () =>
      (await spec.rows('bank_transactions', ['updated_at', 'imported_position'])).map((row) => [
        row.id,
        row.state,
        Number(row.applied),
      ]);
    expect(await state()).toEqual([
      ['t1', 'suggested', 10000],
      ['t2', 'unmatched', 0],
    ]);
    const before = await spec.snapshot();
    await spec.redeliver(batch);
    expect(await spec.snapshot()).toEqual(before);
    await spec.given([
      matched('t1', 'inv-11', 15000, 3),
      { type: 'BankTransactionIgnored', data: ids('t2'), streamId: 'bank-transaction-u1-t2', version: 2 },
    ]);
    expect(await state()).toEqual([
      ['t1', 'matched', 25000],
      ['t2', 'ignored', 0],
    ]);
  });

  it("never touches another user's transaction", async () => {
    await spec.given([{ type: 'BankTransactionIgnored', data: ids('t1', 'intruder'), version: 9 }]);
    expect((await spec.rows('bank_transactions')).find((row) => row.id === 't1')?.state).toBe('matched');
  });
});
