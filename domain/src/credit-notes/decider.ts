import {
  type CreditedLine,
  type CreditNoteEvent,
  creditNoteMailDefaults,
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
  /** Why it was issued, the invoice it corrects, and whether it cancels it: what its e-mail says. */
  reason: string;
  invoice: { number: string; issueDate: string } | null;
  full: boolean;
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

export interface SendCreditNoteData {
  creditNoteId: string;
  userId: string;
  sendId: string;
  /** Empty: the credit note's customer e-mail. */
  to: string[];
  cc: string[];
  /** Empty: "Credit note {number} from {seller}". */
  subject: string;
}

export type CreditNoteCommand =
  | { type: 'IssueCreditNote'; data: IssueCreditNoteData }
  | { type: 'SendCreditNote'; data: SendCreditNoteData };

const initialState: CreditNoteState = {
  exists: false,
  creditNoteId: null,
  userId: null,
  invoiceId: null,
  content: null,
  issuedAt: null,
  reason: '',
  invoice: null,
  full: false,
};

const creditNoteNotFound = () => new AppError('not_found', 'Credit note not found');

/** The credit note's own decider: issued once, then sent as often as the owner likes (issue 27, item 5). */
export const creditNoteDecider: Decider<CreditNoteState, CreditNoteCommand, CreditNoteEvent> = {
  name: 'credit-note',
  handles: ['CreditNoteIssued', 'CreditNoteSent'],
  initialState,
  evolve(state, event) {
    switch (event.type) {
      case 'CreditNoteIssued': {
        const { creditNoteId, userId, invoiceId, content, reason, invoice, full } = event.data;
        return {
          exists: true,
          creditNoteId,
          userId,
          invoiceId,
          content,
          issuedAt: event.createdAt,
          reason,
          invoice,
          full,
        };
      }
      case 'CreditNoteSent':
        return state;
      default:
        return unreachable(event);
    }
  },
  decide(state, command) {
    switch (command.type) {
      case 'IssueCreditNote':
        if (state.exists) throw new AppError('conflict', 'This credit note was already issued');
        return [{ type: 'CreditNoteIssued', data: command.data }];
      case 'SendCreditNote': {
        const { content } = state;
        if (!state.exists || !content || state.userId !== command.data.userId) throw creditNoteNotFound();
        const { to, subject, ...data } = command.data;
        const recipients = to.length > 0 ? to : [content.customer.email].filter(Boolean);
        if (recipients.length === 0) {
          throw new AppError('validation', 'Say who to send it to: the credit note has no customer e-mail', {
            fields: { to: 'Enter an e-mail address' },
          });
        }
        // Empty: the credit note's own words for it, in its language (issue 30; the send dialog shows the same).
        const defaultSubject = creditNoteMailDefaults(content).subject;
        return [
          { type: 'CreditNoteSent', data: { ...data, to: recipients, subject: subject || defaultSubject } },
        ];
      }
      default:
        return unreachable(command);
    }
  },
};

/** Sends the user's credit note (404 when it is not theirs); `to` empty: its customer's e-mail. */
export const sendCreditNote = (data: SendCreditNoteData) =>
  step({
    decider: creditNoteDecider,
    // Ids are UUIDs; anything else names no credit note (and no stream worth reading).
    streams: creditNoteStreamId(/^[0-9a-f-]{36}$/i.test(data.creditNoteId) ? data.creditNoteId : 'none'),
    command: { type: 'SendCreditNote', data },
  });

/** Writes the credit note's stream (a new random id: nothing to read). */
export const recordCreditNote = (data: IssueCreditNoteData) =>
  step({
    decider: creditNoteDecider,
    streams: creditNoteStreamId(data.creditNoteId),
    newStream: true,
    command: { type: 'IssueCreditNote', data },
  });
