import { createHash } from 'node:crypto';
import {
  type BankEvent,
  type BankSuggestion,
  bankMatchNotePrefix,
  bankMessages,
  bankStatementStreamId,
  bankTransactionStreamId,
  money,
  toDecimalString,
} from '@remit/contracts';
import { collectInvoice } from '@remit/domain';
import { type Decider, type Recorded, type Step, step } from '@remit/eventstore';
import { AppError, unreachable } from '@remit/kit';

/** One credit of a statement as its stream `bank-transaction-{userId}-{transactionId}` tells it. */
export interface BankTransactionState {
  exists: boolean;
  userId: string;
  amount: number;
  currency: string;
  bookingDate: string;
  statementDate: string;
  entryReference: string;
  /** Applied so far, in the transaction's currency (a match in another currency applies the whole). */
  applied: number;
  matches: number;
  /** Each match's payment and what it applied of the credit; dropped when its payment is reversed. */
  standing: Readonly<Record<string, { invoiceId: string; applied: number }>>;
  ignored: boolean;
}

const initialState: BankTransactionState = {
  exists: false,
  userId: '',
  amount: 0,
  currency: '',
  bookingDate: '',
  statementDate: '',
  entryReference: '',
  applied: 0,
  matches: 0,
  standing: {},
  ignored: false,
};

type Imported = Extract<BankEvent, { type: 'BankTransactionImported' }>['data'];

export type BankCommand =
  | {
      type: 'RecordStatement';
      data: Extract<BankEvent, { type: 'BankStatementImported' }>['data'];
    }
  | {
      type: 'ImportBankTransaction';
      data: Imported & { automatic: { invoiceId: string; number: string } | null };
    }
  | {
      type: 'MatchBankTransaction';
      /** `currency` and `number` are the invoice's; `amount` in the invoice's currency. */
      data: {
        transactionId: string;
        userId: string;
        invoiceId: string;
        number: string;
        currency: string;
        amount: number;
      };
    }
  | { type: 'IgnoreBankTransaction'; data: { transactionId: string; userId: string } }
  /** The payment a match recorded was reversed on its invoice: what it applied is free again. */
  | { type: 'UnmatchBankTransaction'; data: { transactionId: string; userId: string; paymentId: string } };

function evolve(state: BankTransactionState, event: Recorded<BankEvent>): BankTransactionState {
  switch (event.type) {
    case 'BankStatementImported':
      return state;
    case 'BankTransactionImported': {
      const { userId, amount, currency, bookingDate, statementDate, entryReference } = event.data;
      return { ...state, exists: true, userId, amount, currency, bookingDate, statementDate, entryReference };
    }
    case 'BankTransactionMatched': {
      const { currency, amount, paymentId, invoiceId } = event.data;
      const applied = currency === state.currency ? amount : state.amount - state.applied;
      return {
        ...state,
        applied: state.applied + applied,
        matches: state.matches + 1,
        standing: { ...state.standing, [paymentId]: { invoiceId, applied } },
      };
    }
    case 'BankTransactionUnmatched': {
      const { [event.data.paymentId]: match, ...standing } = state.standing;
      return { ...state, applied: state.applied - (match?.applied ?? 0), standing };
    }
    case 'BankTransactionIgnored':
      return { ...state, ignored: true };
    default:
      return unreachable(event);
  }
}

/** The payment a match records: its id follows from the transaction and the match, so a repeat finds it. */
export function paymentIdOf(transactionId: string, invoiceId: string, match: number): string {
  const hex = createHash('sha256').update(`${transactionId}\n${invoiceId}\n${match}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const notFound = () => new AppError('not_found', bankMessages.notFound);

function decide(state: BankTransactionState, command: BankCommand): BankEvent[] {
  switch (command.type) {
    case 'RecordStatement':
      return [{ type: 'BankStatementImported', data: command.data }];
    case 'ImportBankTransaction': {
      // Already imported from an earlier statement: nothing new.
      if (state.exists) return [];
      const { automatic, ...data } = command.data;
      const imported: BankEvent = { type: 'BankTransactionImported', data };
      if (!automatic) return [imported];
      const { transactionId, userId, amount, currency } = data;
      return [
        imported,
        {
          type: 'BankTransactionMatched',
          data: {
            transactionId,
            userId,
            ...automatic,
            paymentId: paymentIdOf(transactionId, automatic.invoiceId, 1),
            amount,
            currency,
            automatic: true,
          },
        },
      ];
    }
    case 'MatchBankTransaction': {
      const { transactionId, userId, invoiceId, number, currency, amount } = command.data;
      if (!state.exists || state.userId !== userId) throw notFound();
      if (state.ignored) throw new AppError('conflict', bankMessages.ignored, { reason: 'ignored' });
      const remaining = state.amount - state.applied;
      if (remaining <= 0)
        throw new AppError('conflict', bankMessages.fullyMatched, { reason: 'fully_matched' });
      if (currency !== state.currency) {
        const message = bankMessages.otherCurrencyMatch(state.currency, number, currency);
        throw new AppError('conflict', message, { reason: 'other_currency', fields: { invoiceId: message } });
      }
      if (amount > remaining) {
        throw new AppError('validation', bankMessages.moreThanRemaining, {
          fields: { amount: bankMessages.moreThanRemaining },
        });
      }
      const paymentId = paymentIdOf(transactionId, invoiceId, state.matches + 1);
      return [
        {
          type: 'BankTransactionMatched',
          data: { transactionId, userId, invoiceId, number, paymentId, amount, currency, automatic: false },
        },
      ];
    }
    case 'IgnoreBankTransaction': {
      if (!state.exists || state.userId !== command.data.userId) throw notFound();
      if (state.ignored) return [];
      if (state.applied >= state.amount)
        throw new AppError('conflict', bankMessages.fullyMatched, { reason: 'fully_matched' });
      return [{ type: 'BankTransactionIgnored', data: command.data }];
    }
    case 'UnmatchBankTransaction': {
      const { transactionId, userId, paymentId } = command.data;
      const match = state.standing[paymentId];
      // Reversed before (or never this credit's): nothing more comes free.
      if (!state.exists || state.userId !== userId || !match) return [];
      return [
        {
          type: 'BankTransactionUnmatched',
          data: {
            transactionId,
            userId,
            invoiceId: match.invoiceId,
            paymentId,
            amount: match.applied,
            currency: state.currency,
          },
        },
      ];
    }
    default:
      return unreachable(command);
  }
}

export const bankTransactionDecider: Decider<BankTransactionState, BankCommand, BankEvent> = {
  name: 'bank-transaction',
  handles: [
    'BankStatementImported',
    'BankTransactionImported',
    'BankTransactionMatched',
    'BankTransactionIgnored',
    'BankTransactionUnmatched',
  ],
  initialState,
  evolve,
  decide,
};

/**
 * The payment a match records on the invoice, through the invoice's own decider: bank transfer, the bank's
 * reference, and where it came from in the note ('Matched from statement 2026-11-27, entry …'), so the
 * invoice's History traces it. An automatic match records only while the balance is still exactly the amount.
 */
function recordPaymentFor(
  event: Extract<BankEvent, { type: 'BankTransactionMatched' }>['data'],
  state: BankTransactionState,
  today: string,
): Step {
  const entry = state.entryReference || event.transactionId;
  return collectInvoice({
    type: 'RecordPayment',
    data: {
      invoiceId: event.invoiceId,
      userId: event.userId,
      paymentId: event.paymentId,
      amount: toDecimalString(money(event.amount, event.currency)),
      date: state.bookingDate,
      today,
      method: 'bank_transfer',
      reference: entry,
      note: `${bankMatchNotePrefix}${state.statementDate}, entry ${entry}`,
      source: 'bank',
      ...(event.automatic ? { onlyWhenBalanceIs: event.amount } : {}),
    },
  });
}

/** A command on one transaction's stream, with the payments its matches record on their invoices. */
export function bankTransactionCommand(
  userId: string,
  transactionId: string,
  command: BankCommand,
  today: string,
  options: { newStream?: boolean; effects?: () => Step[] } = {},
): Step<BankTransactionState, BankEvent> {
  return step({
    decider: bankTransactionDecider,
    streams: bankTransactionStreamId(userId, transactionId),
    ...(options.newStream ? { newStream: true } : {}),
    command,
    effects: (events, state) => {
      const after = events.reduce(
        (current, event) =>
          event.type === 'BankTransactionImported' ? evolveImported(current, event.data) : current,
        state,
      );
      const payments = events.flatMap((event) =>
        event.type === 'BankTransactionMatched' ? [recordPaymentFor(event.data, after, today)] : [],
      );
      return [...payments, ...(options.effects?.() ?? [])];
    },
  });
}

const evolveImported = (state: BankTransactionState, data: Imported): BankTransactionState => ({
  ...state,
  exists: true,
  userId: data.userId,
  amount: data.amount,
  currency: data.currency,
  bookingDate: data.bookingDate,
  statementDate: data.statementDate,
  entryReference: data.entryReference,
});

/** The statement's own record, leading the import: everything new of it follows as its effects. */
export function recordStatement(
  data: Extract<BankCommand, { type: 'RecordStatement' }>['data'],
  rest: () => Step[],
): Step {
  return step({
    decider: bankTransactionDecider,
    streams: bankStatementStreamId(data.statementId),
    newStream: true,
    command: { type: 'RecordStatement', data },
    effects: rest,
  });
}

export type { BankSuggestion };
