import {
  type CreditedLine,
  type CreditNoteEvent,
  creditNoteStreamId,
  type InvoiceRecord,
} from '@remit/contracts';
import { type Decider, step } from '@remit/eventstore';
import { AppError, unreachable } from '@remit/kit';

/** A credit note as its own events describe it (stream `credit-note-{id}`). */
export interface CreditNoteState {
  exists: boolean;
  creditNoteId: string | null;
  userId: string | null;
  invoiceId: string | null;
  content: InvoiceRecord | null;
  issuedAt: Date | null;
}

export interface IssueCreditNoteData {
  creditNoteId: string;
  userId: string;
  invoiceId: string;
  invoice: { number: string; issueDate: string };
  reason: string;
  full: boolean;
  lines: CreditedLine[];
  content: InvoiceRecord;
}

export type CreditNoteCommand = { type: 'IssueCreditNote'; data: IssueCreditNoteData };

const initialState: CreditNoteState = {
  exists: false,
  creditNoteId: null,
  userId: null,
  invoiceId: null,
  content: null,
  issuedAt: null,
};

/** The credit note's own decider: issued once; sending and sharing it come next (issue 27, item 5). */
export const creditNoteDecider: Decider<CreditNoteState, CreditNoteCommand, CreditNoteEvent> = {
  name: 'credit-note',
  handles: ['CreditNoteIssued'],
  initialState,
  evolve(_state, event) {
    switch (event.type) {
      case 'CreditNoteIssued': {
        const { creditNoteId, userId, invoiceId, content } = event.data;
        return { exists: true, creditNoteId, userId, invoiceId, content, issuedAt: event.createdAt };
      }
      default:
        return unreachable(event.type);
    }
  },
  decide(state, command) {
    switch (command.type) {
      case 'IssueCreditNote':
        if (state.exists) throw new AppError('conflict', 'This credit note was already issued');
        return [{ type: 'CreditNoteIssued', data: command.data }];
      default:
        return unreachable(command.type);
    }
  },
};

/** Writes the credit note's stream (a new random id: nothing to read). */
export const recordCreditNote = (data: IssueCreditNoteData) =>
  step({
    decider: creditNoteDecider,
    streams: creditNoteStreamId(data.creditNoteId),
    newStream: true,
    command: { type: 'IssueCreditNote', data },
  });
