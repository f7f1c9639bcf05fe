import {
  type DocumentSeriesEvent,
  documentKindPrefixes,
  documentSeriesMessages,
  documentSeriesStreamId,
  formatDocumentNumber,
  type InvoiceNumberEvent,
  invoiceNumberStreamId,
  type NumberedDocumentKind,
} from '@remit/contracts';
import { type Decider, type Step, type StoredEvent, step } from '@remit/eventstore';
import { AppError } from '@remit/kit';

/**
 * The invoice's number series: a number, once reserved by an invoice of a user, is theirs for good
 * (docs/decisions.md, D-89). One stream per user and number, so a clash is a version conflict; another kind of
 * document (a credit note) keeps a series of its own beside this one (DESIGN §12).
 */
interface NumberState {
  reservedBy: string | null;
}

type NumberCommand = {
  type: 'ReserveInvoiceNumber';
  data: { userId: string; number: string; invoiceId: string };
};

const invoiceNumberTaken = (number: string) =>
  new AppError('conflict', `Invoice number ${number} is already used by another of your invoices`, {
    reason: 'invoice_number_taken',
    fields: { invoiceNumber: `Invoice number ${number} is already used by another of your invoices` },
  });

const invoiceNumberDecider: Decider<NumberState, NumberCommand, InvoiceNumberEvent> = {
  name: 'invoice-number',
  handles: ['InvoiceNumberReserved'],
  initialState: { reservedBy: null },
  evolve: (_state, event) => ({ reservedBy: event.data.invoiceId }),
  decide(state, command) {
    if (state.reservedBy !== null) throw invoiceNumberTaken(command.data.number);
    return [{ type: 'InvoiceNumberReserved', data: command.data }];
  },
};

/** Reserves `number` for the invoice; `known`: the reservation's stream as the caller read it just before. */
export const reserveInvoiceNumber = (
  userId: string,
  number: string,
  invoiceId: string,
  known?: ReadonlyMap<string, StoredEvent[]>,
) =>
  step({
    decider: invoiceNumberDecider,
    streams: invoiceNumberStreamId(userId, number),
    known,
    command: { type: 'ReserveInvoiceNumber', data: { userId, number, invoiceId } },
  });

/**
 * The series of a kind of document Remit numbers itself (a credit note: `CN-0001`, `CN-0002` …): one stream per
 * user and kind whose events are the numbers given, in order, and the owner's changes of prefix and next number.
 * The next number is decided on that stream and appended with its expected version in the issuing command's
 * transaction, so two documents racing get two consecutive numbers (the loser is decided again), a refused command
 * takes none (no gap), and none is given twice. An invoice's number is the user's own choice and keeps its
 * per-number reservation above.
 */
export interface SeriesState {
  /** The owner's prefix; null: the kind's default. */
  prefix: string | null;
  /** The sequence the next number gets. */
  next: number;
  /** The highest sequence given under each prefix: a prefix never counts from below it again (D-257). */
  lastByPrefix: Readonly<Record<string, number>>;
  /** The document each number went to, so a repeated command is given the same one. */
  byDocument: Readonly<Record<string, string>>;
}

type SeriesCommand =
  | { type: 'AssignDocumentNumber'; data: { userId: string; kind: NumberedDocumentKind; documentId: string } }
  | {
      type: 'ChangeDocumentSeries';
      data: { userId: string; kind: NumberedDocumentKind; prefix: string; nextSequence: number };
    };

const prefixOf = (state: SeriesState, kind: NumberedDocumentKind) =>
  state.prefix ?? documentKindPrefixes[kind];

const documentSeriesDecider: Decider<SeriesState, SeriesCommand, DocumentSeriesEvent> = {
  name: 'document-series',
  handles: ['DocumentNumberAssigned', 'DocumentSeriesChanged'],
  initialState: { prefix: null, next: 1, lastByPrefix: {}, byDocument: {} },
  evolve: (state, event) => {
    if (event.type === 'DocumentSeriesChanged') {
      return { ...state, prefix: event.data.prefix, next: event.data.nextSequence };
    }
    const prefix = prefixOf(state, event.data.kind);
    return {
      ...state,
      next: event.data.sequence + 1,
      lastByPrefix: { ...state.lastByPrefix, [prefix]: event.data.sequence },
      byDocument: { ...state.byDocument, [event.data.documentId]: event.data.number },
    };
  },
  decide(state, command) {
    if (command.type === 'ChangeDocumentSeries') {
      const { userId, kind, prefix, nextSequence } = command.data;
      if (prefix === prefixOf(state, kind) && nextSequence === state.next) return [];
      const last = state.lastByPrefix[prefix] ?? 0;
      if (nextSequence <= last) {
        const message = documentSeriesMessages.nextTooLow(formatDocumentNumber(prefix, last), last + 1);
        throw new AppError('unprocessable', message, { fields: { nextNumber: message } });
      }
      return [{ type: 'DocumentSeriesChanged', data: { userId, kind, prefix, nextSequence } }];
    }
    const { userId, kind, documentId } = command.data;
    if (state.byDocument[documentId]) return [];
    const given = new Set(Object.values(state.byDocument));
    const prefix = prefixOf(state, kind);
    // A number another prefix happened to spell already is skipped (`CN-1` + 0001 after `CN-` + 10001).
    let sequence = state.next;
    while (given.has(formatDocumentNumber(prefix, sequence))) sequence += 1;
    const number = formatDocumentNumber(prefix, sequence);
    return [{ type: 'DocumentNumberAssigned', data: { userId, kind, sequence, number, documentId } }];
  },
};

/**
 * Gives `documentId` the next number of the user's series of `kind`; `issue` makes the steps that issue the
 * document under that number (in the same transaction).
 */
export function assignDocumentNumber(input: {
  userId: string;
  kind: NumberedDocumentKind;
  documentId: string;
  issue: (number: string) => Step[];
}) {
  const { userId, kind, documentId, issue } = input;
  return step({
    decider: documentSeriesDecider,
    streams: documentSeriesStreamId(userId, kind),
    command: { type: 'AssignDocumentNumber', data: { userId, kind, documentId } },
    effects: (events) =>
      events.flatMap((event) => (event.type === 'DocumentNumberAssigned' ? issue(event.data.number) : [])),
  });
}

/** The owner's prefix and next number for the user's series of `kind` (`PUT /settings/document-series/{kind}`). */
export function changeDocumentSeries(input: {
  userId: string;
  kind: NumberedDocumentKind;
  prefix: string;
  nextSequence: number;
}) {
  const { userId, kind } = input;
  return step({
    decider: documentSeriesDecider,
    streams: documentSeriesStreamId(userId, kind),
    command: { type: 'ChangeDocumentSeries', data: input },
  });
}
