import {
  catalogue,
  dayIn,
  fill,
  type InvoiceRecord,
  type QuoteEvent,
  quoteLockedMessage,
  quoteMessages,
  quoteStateOf,
} from '@remit/contracts';
import type { Decider } from '@remit/eventstore';
import { AppError, unreachable } from '@remit/kit';

/** A quote as its own events describe it (stream `quote-{id}`). */
export interface QuoteState {
  exists: boolean;
  deleted: boolean;
  quoteId: string | null;
  userId: string | null;
  number: string | null;
  validUntil: string;
  timeZone: string;
  form: Record<string, unknown> | null;
  content: InvoiceRecord | null;
  /** Sent or shared: it has left the owner's hands and may be answered. */
  sent: boolean;
  tokenHash: string | null;
  answer: { accepted: boolean; name: string; note: string; day: string } | null;
  invoice: { id: string; number: string } | null;
  /** The valid-until day whose passing was recorded (QuoteExpired); null while none was. */
  expiredOn: string | null;
}

interface Document {
  validUntil: string;
  timeZone: string;
  form: Record<string, unknown>;
  content: InvoiceRecord;
}

export type QuoteCommand =
  | { type: 'CreateQuote'; data: Document & { quoteId: string; userId: string; number: string } }
  | { type: 'ReviseQuote'; data: Document & { quoteId: string; userId: string } }
  | { type: 'DeleteQuote'; data: { quoteId: string; userId: string } }
  | {
      type: 'SendQuote';
      data: {
        quoteId: string;
        userId: string;
        sendId: string;
        to: string[];
        cc: string[];
        subject: string;
        share: { shareId: string; tokenHash: string };
      };
    }
  | { type: 'ShareQuote'; data: { quoteId: string; userId: string; shareId: string; tokenHash: string } }
  | {
      type: 'AnswerQuote';
      data: { quoteId: string; tokenHash: string; accepted: boolean; name: string; note: string; at: string };
    }
  | {
      type: 'ConvertQuote';
      data: { quoteId: string; userId: string; invoiceId: string; invoiceNumber: string };
    }
  | { type: 'ExpireQuote'; data: { quoteId: string; at: string } };

const initialState: QuoteState = {
  exists: false,
  deleted: false,
  quoteId: null,
  userId: null,
  number: null,
  validUntil: '',
  timeZone: 'UTC',
  form: null,
  content: null,
  sent: false,
  tokenHash: null,
  answer: null,
  invoice: null,
  expiredOn: null,
};

const notFound = () => new AppError('not_found', quoteMessages.notFound);
const linkNotValid = () => new AppError('not_found', quoteMessages.linkNotValid);
const refused = (reason: string, message: string) => new AppError('conflict', message, { reason });

const answered = (state: QuoteState) =>
  state.answer?.accepted
    ? refused(
        'quote_accepted',
        `This quote was already accepted by ${state.answer.name} on ${state.answer.day}`,
      )
    : refused('quote_declined', `This quote was declined on ${state.answer?.day ?? ''}`);
const invoiced = (state: QuoteState) =>
  refused('quote_invoiced', `This quote was already converted to invoice ${state.invoice?.number ?? ''}`);

/** The owner's own quote, or 404 as for one that does not exist (another user's id is always 404). */
function own(state: QuoteState, userId: string): QuoteState {
  if (!state.exists || state.deleted || state.userId !== userId) throw notFound();
  return state;
}

/** Nothing answered and nothing invoiced yet: the owner may still change, send or delete it. */
function open(state: QuoteState): void {
  if (state.invoice) throw invoiced(state);
  if (state.answer) throw answered(state);
}

/** A change or deletion of an answered or converted quote: refused with why, and what to do instead. */
function changeable(state: QuoteState): void {
  const message = quoteLockedMessage({
    number: state.number ?? '',
    answer: state.answer,
    invoiceNumber: state.invoice?.number ?? null,
  });
  if (!message) return;
  const reason = state.invoice
    ? 'quote_invoiced'
    : state.answer?.accepted
      ? 'quote_accepted'
      : 'quote_declined';
  throw refused(reason, message);
}

/**
 * The quote's decider. The customer answers once, while it is sent and its day has not passed in the owner's time
 * zone (the command carries the moment; the decision reads the day, D-281); it is converted once.
 */
export const quoteDecider: Decider<QuoteState, QuoteCommand, QuoteEvent> = {
  name: 'quote',
  handles: [
    'QuoteCreated',
    'QuoteRevised',
    'QuoteDeleted',
    'QuoteSent',
    'QuoteShared',
    'QuoteAccepted',
    'QuoteDeclined',
    'QuoteInvoiced',
    'QuoteExpired',
  ],
  initialState,
  evolve(state, event) {
    switch (event.type) {
      case 'QuoteCreated': {
        const { quoteId, userId, number, validUntil, timeZone, form, content } = event.data;
        return { ...state, exists: true, quoteId, userId, number, validUntil, timeZone, form, content };
      }
      case 'QuoteRevised': {
        const { validUntil, timeZone, form, content } = event.data;
        return { ...state, validUntil, timeZone, form, content };
      }
      case 'QuoteDeleted':
        return { ...state, deleted: true };
      case 'QuoteSent':
        return { ...state, sent: true };
      case 'QuoteShared':
        return { ...state, sent: true, tokenHash: event.data.tokenHash };
      case 'QuoteAccepted':
      case 'QuoteDeclined': {
        const { name, note, day } = event.data;
        return { ...state, answer: { accepted: event.type === 'QuoteAccepted', name, note, day } };
      }
      case 'QuoteInvoiced':
        return { ...state, invoice: { id: event.data.invoiceId, number: event.data.invoiceNumber } };
      case 'QuoteExpired':
        return { ...state, expiredOn: event.data.validUntil };
      default:
        return unreachable(event);
    }
  },
  decide(state, command) {
    switch (command.type) {
      case 'CreateQuote':
        if (state.exists) throw refused('quote_exists', 'This quote was already made');
        return [{ type: 'QuoteCreated', data: command.data }];
      case 'ReviseQuote':
        changeable(own(state, command.data.userId));
        return [{ type: 'QuoteRevised', data: command.data }];
      case 'DeleteQuote':
        changeable(own(state, command.data.userId));
        return [{ type: 'QuoteDeleted', data: command.data }];
      case 'SendQuote': {
        const { share, ...sent } = command.data;
        open(own(state, command.data.userId));
        const to = sent.to.length > 0 ? sent.to : [state.content?.customer.email ?? ''].filter(Boolean);
        if (to.length === 0) {
          throw new AppError('validation', 'The quote names no customer e-mail: type one to send it to');
        }
        // Empty: the quote's own words for it, in its language (issue 30).
        const subject =
          sent.subject ||
          fill(catalogue(state.content?.eInvoice.language).mail.quoteSubject, {
            number: state.number ?? '',
            seller: sellerOf(state),
          });
        return [
          { type: 'QuoteSent', data: { ...sent, to, subject } },
          { type: 'QuoteShared', data: { quoteId: sent.quoteId, userId: sent.userId, ...share } },
        ];
      }
      case 'ShareQuote':
        own(state, command.data.userId);
        if (state.invoice) throw invoiced(state);
        return [{ type: 'QuoteShared', data: command.data }];
      case 'AnswerQuote':
        return answer(state, command.data);
      case 'ExpireQuote': {
        // Recorded once per valid-until day, only for a sent quote nobody answered or converted, once that day
        // has passed in the owner's time zone; anything else decides nothing (a scheduler's stale row).
        if (!state.exists || state.deleted || !state.userId || !state.sent) return [];
        if (state.expiredOn === state.validUntil) return [];
        const current = quoteStateOf(
          { ...state, invoiced: state.invoice !== null },
          new Date(command.data.at),
        );
        if (current !== 'Expired') return [];
        const { quoteId } = command.data;
        return [
          { type: 'QuoteExpired', data: { quoteId, userId: state.userId, validUntil: state.validUntil } },
        ];
      }
      case 'ConvertQuote': {
        const { quoteId, userId, invoiceId, invoiceNumber } = command.data;
        own(state, userId);
        if (state.invoice) throw invoiced(state);
        if (state.answer && !state.answer.accepted) throw answered(state);
        return [{ type: 'QuoteInvoiced', data: { quoteId, userId, invoiceId, invoiceNumber } }];
      }
      default:
        return unreachable(command);
    }
  },
};

const sellerOf = (state: QuoteState) =>
  state.content?.seller.companyName || state.content?.seller.name || 'your supplier';

function answer(
  state: QuoteState,
  data: Extract<QuoteCommand, { type: 'AnswerQuote' }>['data'],
): QuoteEvent[] {
  // A wrong, replaced or deleted link opens nothing, whatever it names.
  if (!state.exists || state.deleted || !state.userId || state.tokenHash !== data.tokenHash)
    throw linkNotValid();
  const moment = new Date(data.at);
  const current = quoteStateOf({ ...state, invoiced: state.invoice !== null }, moment);
  if (current === 'Invoiced') throw invoiced(state);
  if (current === 'Accepted' || current === 'Declined') throw answered(state);
  if (current === 'Expired') {
    throw refused('quote_expired', `This quote expired: it was valid until ${state.validUntil}`);
  }
  const event = {
    quoteId: data.quoteId,
    userId: state.userId,
    name: data.name,
    note: data.note,
    day: dayIn(moment, state.timeZone),
  };
  return [data.accepted ? { type: 'QuoteAccepted', data: event } : { type: 'QuoteDeclined', data: event }];
}
