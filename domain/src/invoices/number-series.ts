import {
  type DocumentSeriesEvent,
  documentSeriesStreamId,
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
 * user and kind whose events are the numbers given, in order. The next number is decided on that stream and
 * appended with its expected version in the issuing command's transaction, so two documents racing get two
 * consecutive numbers (the loser is decided again), a refused command takes none (no gap), and none is given twice.
 * An invoice's number is the user's own choice and keeps its per-number reservation above.
 */
export const documentKindPrefixes: Record<NumberedDocumentKind, string> = { credit_note: 'CN-' };

export interface SeriesState {
  sequence: number;
  /** The document each number went to, so a repeated command is given the same one. */
  byDocument: Readonly<Record<string, string>>;
}

type SeriesCommand = {
  type: 'AssignDocumentNumber';
  data: { userId: string; kind: NumberedDocumentKind; documentId: string };
};

export const formatDocumentNumber = (kind: NumberedDocumentKind, sequence: number) =>
  `${documentKindPrefixes[kind]}${String(sequence).padStart(4, '0')}`;

const documentSeriesDecider: Decider<SeriesState, SeriesCommand, DocumentSeriesEvent> = {
  name: 'document-series',
  handles: ['DocumentNumberAssigned'],
  initialState: { sequence: 0, byDocument: {} },
  evolve: (state, event) => ({
    sequence: event.data.sequence,
    byDocument: { ...state.byDocument, [event.data.documentId]: event.data.number },
  }),
  decide(state, command) {
    const { userId, kind, documentId } = command.data;
    if (state.byDocument[documentId]) return [];
    const sequence = state.sequence + 1;
    const number = formatDocumentNumber(kind, sequence);
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
    effects: (events) => events.flatMap((event) => issue(event.data.number)),
  });
}
