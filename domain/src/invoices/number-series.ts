import { type InvoiceNumberEvent, invoiceNumberStreamId } from '@remit/contracts';
import { type Decider, type StoredEvent, step } from '@remit/eventstore';
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
