import { type BankEvent, bankMessages } from '@remit/contracts';
import { decider } from '@remit/domain/testing';
import { describe, expect, it } from 'vitest';
import { bankTransactionDecider, paymentIdOf } from './decider.js';

const given = decider(bankTransactionDecider);
const ids = { transactionId: 't1', userId: 'u1' };
const imported: BankEvent = {
  type: 'BankTransactionImported',
  data: {
    ...ids,
    statementId: 's1',
    statementDate: '2026-11-27',
    account: 'DE89370400440532013000',
    entryReference: '20261127000001',
    bookingDate: '2026-11-27',
    amount: 25000,
    currency: 'EUR',
    payerName: 'Charles Babbage',
    remittance: 'INV-10, INV-11',
    suggestions: [],
  },
};
const importCommand = {
  type: 'ImportBankTransaction' as const,
  data: {
    ...(imported.data as Extract<BankEvent, { type: 'BankTransactionImported' }>['data']),
    automatic: null,
  },
};
const match = (invoiceId: string, amount: number, currency = 'EUR') => ({
  type: 'MatchBankTransaction' as const,
  data: { ...ids, invoiceId, number: invoiceId.toUpperCase(), currency, amount },
});
const matched = (invoiceId: string, amount: number, ordinal: number, currency = 'EUR'): BankEvent => ({
  type: 'BankTransactionMatched',
  data: {
    ...ids,
    invoiceId,
    number: invoiceId.toUpperCase(),
    paymentId: paymentIdOf('t1', invoiceId, ordinal),
    amount,
    currency,
    automatic: false,
  },
});

describe('the bank transaction decider', () => {
  it('imports a credit once: the same entry again records nothing', () => {
    given([]).when(importCommand).thenEmits([imported]);
    given([imported]).when(importCommand).thenNothing();
  });

  it('applies a certain match with the import, for the whole amount', () => {
    given([])
      .when({
        ...importCommand,
        data: { ...importCommand.data, automatic: { invoiceId: 'inv-1', number: 'INV-1' } },
      })
      .thenEmits([
        imported,
        {
          type: 'BankTransactionMatched',
          data: {
            ...ids,
            invoiceId: 'inv-1',
            number: 'INV-1',
            paymentId: paymentIdOf('t1', 'inv-1', 1),
            amount: 25000,
            currency: 'EUR',
            automatic: true,
          },
        },
      ]);
  });

  it('splits a credit over several invoices, never past what is left', () => {
    given([imported])
      .when(match('inv-10', 10000))
      .thenEmits([matched('inv-10', 10000, 1)]);
    given([imported, matched('inv-10', 10000, 1)])
      .when(match('inv-11', 15001))
      .thenThrows(bankMessages.moreThanRemaining);
    given([imported, matched('inv-10', 10000, 1)])
      .when(match('inv-11', 15000))
      .thenEmits([matched('inv-11', 15000, 2)]);
    given([imported, matched('inv-10', 10000, 1), matched('inv-11', 15000, 2)])
      .when(match('inv-12', 1))
      .thenThrows(bankMessages.fullyMatched);
  });

  it('refuses a match to an invoice in another currency, and still reads an old one as taking the whole credit', () => {
    given([imported])
      .when(match('inv-20', 9000, 'USD'))
      .thenThrows(bankMessages.otherCurrencyMatch('EUR', 'INV-20', 'USD'));
    given([imported, matched('inv-20', 9000, 1, 'USD')])
      .when(match('inv-21', 1))
      .thenThrows(bankMessages.fullyMatched);
  });

  it('frees what a match applied when its payment is reversed, once; a new match gets a new payment', () => {
    const paymentId = paymentIdOf('t1', 'inv-10', 1);
    const unmatch = { type: 'UnmatchBankTransaction' as const, data: { ...ids, paymentId } };
    const unmatched: BankEvent = {
      type: 'BankTransactionUnmatched',
      data: { ...ids, invoiceId: 'inv-10', paymentId, amount: 25000, currency: 'EUR' },
    };
    const history = [imported, matched('inv-10', 25000, 1)];
    given(history).when(unmatch).thenEmits([unmatched]);
    given([...history, unmatched])
      .when(unmatch)
      .thenNothing();
    given([imported]).when(unmatch).thenNothing();
    given([...history, unmatched])
      .when(match('inv-10', 25000))
      .thenEmits([matched('inv-10', 25000, 2)]);
    given([...history, unmatched, matched('inv-10', 25000, 2)])
      .when(match('inv-11', 1))
      .thenThrows(bankMessages.fullyMatched);
  });

  it('ignores once; an ignored credit is not matched, and another user’s is not found', () => {
    const ignored: BankEvent = { type: 'BankTransactionIgnored', data: ids };
    given([imported]).when({ type: 'IgnoreBankTransaction', data: ids }).thenEmits([ignored]);
    given([imported, ignored]).when({ type: 'IgnoreBankTransaction', data: ids }).thenNothing();
    given([imported, ignored]).when(match('inv-1', 100)).thenThrows(bankMessages.ignored);
    given([imported])
      .when({ ...match('inv-1', 100), data: { ...match('inv-1', 100).data, userId: 'u2' } })
      .thenThrows(bankMessages.notFound);
  });

  it('derives a payment id per transaction, invoice and match, shaped as a UUID', () => {
    expect(paymentIdOf('t1', 'inv-1', 1)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(paymentIdOf('t1', 'inv-1', 1)).not.toBe(paymentIdOf('t1', 'inv-1', 2));
  });
});
