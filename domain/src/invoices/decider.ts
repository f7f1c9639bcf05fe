import {
  type InvoiceOrigin,
  type InvoiceRecord,
  type InvoiceStreamEvent,
  invoiceStreamId,
  sameValue,
} from '@remit/contracts';
import { type Decider, type Step, step } from '@remit/eventstore';
import { AppError, type RecordedEvent, unreachable } from '@remit/kit';
import { assertRevisable, type CollectionCommand, decideCollection } from './collection.js';
import { evolveCollection, noPayments, type Payments } from './collection-state.js';
import { type CreditCommand, decideCredit } from './credit.js';
import {
  decideDownload,
  type FinalBy,
  finalAfter,
  invoiceChanged,
  invoiceFinal,
  type RecordDownloadCommand,
} from './finality.js';

export type InvoiceEvent = InvoiceStreamEvent;

/** An invoice as its own events describe it (stream `invoice-{id}`). */
export interface InvoiceState {
  invoiceId: string | null;
  exists: boolean;
  deleted: boolean;
  /** Bought one-time (billing): a paid invoice is a settled record and can no longer change. */
  paid: boolean;
  userId: string | null;
  content: InvoiceRecord | null;
  /** When it was issued and last changed (the events' times). */
  issuedAt: Date | null;
  updatedAt: Date | null;
  /** What the customer paid and whether the invoice was voided (./collection.ts). */
  collection: Payments;
  /** How many contents it had (issue and revisions): the version an edit is made against (If-Match). */
  revision: number;
  /** Why it is final (./finality.ts): it left the owner's hands and is corrected by a credit note only. */
  finalBy: FinalBy | null;
}

const initialInvoiceState: InvoiceState = {
  invoiceId: null,
  exists: false,
  deleted: false,
  paid: false,
  userId: null,
  content: null,
  issuedAt: null,
  updatedAt: null,
  collection: noPayments,
  revision: 0,
  finalBy: null,
};

export type InvoiceCommand =
  | {
      type: 'IssueInvoice';
      /** `origin`: the quote or recurring run it comes from (issue 33); absent, issued by hand. */
      data: { invoiceId: string; userId: string; content: InvoiceRecord; origin?: InvoiceOrigin };
    }
  | {
      type: 'ReviseInvoice';
      /** `expectedRevision`: the revision the edit was made on (If-Match); absent, the edit is made on the latest. */
      data: { invoiceId: string; userId: string; content: InvoiceRecord; expectedRevision?: number };
    }
  | { type: 'DeleteInvoice'; data: { invoiceId: string; userId: string } }
  | {
      type: 'MarkInvoicePaidFor';
      data: { invoiceId: string; userId: string; sessionId: string; amount: number; currency: string };
    }
  | RecordDownloadCommand
  | CollectionCommand
  | CreditCommand;

const invoiceNotFound = () => new AppError('not_found', 'Invoice not found');
const invoiceCredited = () =>
  new AppError('conflict', 'This invoice has credit notes and can no longer be changed', {
    reason: 'invoice_credited',
  });
const invoicePaid = () =>
  new AppError('conflict', 'This invoice is paid and can no longer be changed', { reason: 'invoice_paid' });

function evolve(state: InvoiceState, event: RecordedEvent<InvoiceEvent>): InvoiceState {
  switch (event.type) {
    case 'InvoiceIssued': {
      const { invoiceId, userId, status: _status, origin: _origin, ...content } = event.data;
      return {
        ...initialInvoiceState,
        invoiceId,
        exists: true,
        userId,
        content,
        issuedAt: event.createdAt,
        updatedAt: event.createdAt,
        revision: 1,
      };
    }
    case 'InvoiceRevised': {
      const { invoiceId: _id, userId: _user, ...content } = event.data;
      return { ...state, content, updatedAt: event.createdAt, revision: state.revision + 1 };
    }
    case 'InvoiceDownloaded':
      return { ...state, finalBy: finalAfter(state.finalBy, event.type), updatedAt: event.createdAt };
    case 'InvoiceDeleted':
      return { ...state, deleted: true, updatedAt: event.createdAt };
    case 'InvoicePaidFor':
      return { ...state, paid: true, updatedAt: event.createdAt };
    case 'PaymentRecorded':
    case 'PaymentReversed':
    case 'PaymentRestored':
    case 'InvoiceVoided':
    case 'InvoiceSent':
    case 'InvoiceShared':
    case 'InvoiceSharingStopped':
    case 'InvoiceViewed':
    case 'InvoiceBecameOverdue':
    case 'InvoiceRemindersOptedOut':
    case 'InvoiceRemindersOptedIn':
    case 'InvoiceReminderSent':
    case 'InvoiceReminderSkipped':
    case 'InvoiceCredited':
    case 'RefundRecorded':
      return {
        ...state,
        collection: evolveCollection(state.collection, event),
        finalBy: finalAfter(state.finalBy, event.type),
        updatedAt: event.createdAt,
      };
    default:
      return unreachable(event);
  }
}

/**
 * Pure: the events a command causes on an invoice. Another user's invoice is "not found", never
 * "forbidden", so ids reveal nothing. A paid invoice can no longer be revised or deleted; content that
 * equals the current one (compared by value) writes nothing.
 */
function decide(state: InvoiceState, command: InvoiceCommand): InvoiceEvent[] {
  switch (command.type) {
    case 'IssueInvoice': {
      if (state.exists) throw new AppError('conflict', 'This invoice was already issued');
      const { invoiceId, userId, content, origin = null } = command.data;
      return [{ type: 'InvoiceIssued', data: { invoiceId, userId, ...content, status: 'Draft', origin } }];
    }
    case 'ReviseInvoice': {
      assertOwnLiveInvoice(state, command.data.userId);
      const { invoiceId, userId, content, expectedRevision } = command.data;
      if (state.paid) throw invoicePaid();
      if (state.finalBy) throw invoiceFinal(state.finalBy);
      if (expectedRevision !== undefined && expectedRevision !== state.revision)
        throw invoiceChanged(expectedRevision, state.revision);
      if (sameValue(content, state.content)) return [];
      if (state.collection.creditNotes.length > 0) throw invoiceCredited();
      assertRevisable(state.collection, content, state.content ?? undefined);
      return [{ type: 'InvoiceRevised', data: { invoiceId, userId, ...content } }];
    }
    case 'DeleteInvoice': {
      assertOwnLiveInvoice(state, command.data.userId);
      if (state.paid) throw invoicePaid();
      if (state.collection.creditNotes.length > 0) throw invoiceCredited();
      assertRevisable(state.collection, null);
      const { invoiceId, userId } = command.data;
      return [{ type: 'InvoiceDeleted', data: { invoiceId, userId, number: state.content?.number ?? '' } }];
    }
    case 'MarkInvoicePaidFor': {
      // The purchase stands whatever became of the invoice: a deleted one has nothing left to mark.
      if (!state.exists || state.deleted || state.paid) return [];
      if (state.userId !== command.data.userId) throw invoiceNotFound();
      return [{ type: 'InvoicePaidFor', data: command.data }];
    }
    case 'RecordInvoiceDownload':
      assertOwnLiveInvoice(state, command.data.userId);
      return decideDownload(state, command);
    case 'RecordPayment':
    case 'RecordOnlinePayment':
    case 'ReversePayment':
    case 'VoidInvoice':
    case 'SendInvoice':
    case 'ShareInvoice':
    case 'StopSharingInvoice':
    case 'RecordInvoiceView':
    case 'SetInvoiceReminders':
      assertOwnLiveInvoice(state, command.data.userId);
      return decideCollection(state.content as InvoiceRecord, state.collection, command);
    case 'CreditInvoice':
    case 'RecordRefund':
      assertOwnLiveInvoice(state, command.data.userId);
      return decideCredit(state.content as InvoiceRecord, state.collection, command);
    case 'RecordOverdue':
    case 'RemindCustomer':
      // The time process found it in a read model: one deleted since has nothing left to chase.
      if (!state.exists || state.deleted) return [];
      assertOwnLiveInvoice(state, command.data.userId);
      return decideCollection(state.content as InvoiceRecord, state.collection, command);
    default:
      return unreachable(command);
  }
}

function assertOwnLiveInvoice(state: InvoiceState, userId: string): void {
  if (!state.exists || state.deleted || state.userId !== userId) throw invoiceNotFound();
}

export const invoiceDecider: Decider<InvoiceState, InvoiceCommand, InvoiceEvent> = {
  name: 'invoice',
  handles: [
    'InvoiceIssued',
    'InvoiceRevised',
    'InvoiceDeleted',
    'InvoicePaidFor',
    'InvoiceDownloaded',
    'PaymentRecorded',
    'PaymentReversed',
    'PaymentRestored',
    'InvoiceVoided',
    'InvoiceSent',
    'InvoiceShared',
    'InvoiceSharingStopped',
    'InvoiceViewed',
    'InvoiceBecameOverdue',
    'InvoiceRemindersOptedOut',
    'InvoiceRemindersOptedIn',
    'InvoiceReminderSent',
    'InvoiceReminderSkipped',
    'InvoiceCredited',
    'RefundRecorded',
  ],
  initialState: initialInvoiceState,
  evolve,
  decide,
};

export const deleteInvoice = (invoiceId: string, userId: string) =>
  step({
    decider: invoiceDecider,
    streams: invoiceStreamId(invoiceId),
    command: { type: 'DeleteInvoice', data: { invoiceId, userId } },
  });

/** Billing's one-time purchase, as the invoice records it (a command on the invoice's own decider). */
export const markInvoicePaidFor = (data: Extract<InvoiceCommand, { type: 'MarkInvoicePaidFor' }>['data']) =>
  step({
    decider: invoiceDecider,
    streams: invoiceStreamId(data.invoiceId),
    command: { type: 'MarkInvoicePaidFor', data },
  });

/** The owner downloaded the invoice's PDF or an e-invoice: it becomes final (./finality.ts). */
export const recordInvoiceDownload = (data: RecordDownloadCommand['data']) =>
  step({
    decider: invoiceDecider,
    streams: invoiceStreamId(data.invoiceId),
    command: { type: 'RecordInvoiceDownload', data },
  });

/** The customer's side of an invoice: a payment, a reversal, a void (./collection.ts). */
/** `alongside`: steps on other aggregates to append in the same transaction when the command decided something. */
export const collectInvoice = (command: CollectionCommand, alongside: Step[] = []) =>
  step({
    decider: invoiceDecider,
    streams: invoiceStreamId(command.data.invoiceId),
    command,
    ...(alongside.length > 0 ? { effects: () => alongside } : {}),
  });
