import type { InvoiceContent, InvoiceEvent } from '@remit/contracts';
import { AppError } from '@remit/kit';

/** An invoice as its own events describe it (stream `invoice-{id}`). */
export interface InvoiceState {
  exists: boolean;
  deleted: boolean;
  /** Bought one-time (billing): a paid invoice is a settled record and can no longer change. */
  paid: boolean;
  userId: string | null;
  content: InvoiceContent | null;
}

export const initialInvoiceState: InvoiceState = {
  exists: false,
  deleted: false,
  paid: false,
  userId: null,
  content: null,
};

export function evolveInvoice(state: InvoiceState, event: InvoiceEvent): InvoiceState {
  switch (event.type) {
    case 'InvoiceIssued': {
      const { invoiceId: _id, userId, status: _status, ...content } = event.data;
      return { exists: true, deleted: false, paid: false, userId, content };
    }
    case 'InvoiceRevised': {
      const { invoiceId: _id, userId: _user, ...content } = event.data;
      return { ...state, content };
    }
    case 'InvoiceDeleted':
      return { ...state, deleted: true };
    case 'InvoicePaidFor':
      return { ...state, paid: true };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export type InvoiceCommand =
  | { type: 'IssueInvoice'; data: { invoiceId: string; userId: string; content: InvoiceContent } }
  | { type: 'ReviseInvoice'; data: { invoiceId: string; userId: string; content: InvoiceContent } }
  | { type: 'DeleteInvoice'; data: { invoiceId: string; userId: string } };

export const invoiceNotFound = () => new AppError('not_found', 'Invoice not found');
export const invoicePaid = () =>
  new AppError('conflict', 'This invoice is paid and can no longer be changed', { reason: 'invoice_paid' });
export const invoiceNumberTaken = (number: string) =>
  new AppError('conflict', `Invoice number ${number} is already used by another of your invoices`, {
    reason: 'invoice_number_taken',
    fields: { invoiceNumber: `Invoice number ${number} is already used by another of your invoices` },
  });

/**
 * Pure: the events a command causes on an invoice. Another user's invoice is "not found", never
 * "forbidden", so ids reveal nothing. A paid invoice can no longer be revised or deleted.
 */
export function decideInvoice(state: InvoiceState, command: InvoiceCommand): InvoiceEvent[] {
  switch (command.type) {
    case 'IssueInvoice': {
      if (state.exists) throw new AppError('conflict', 'This invoice was already issued');
      const { invoiceId, userId, content } = command.data;
      return [{ type: 'InvoiceIssued', data: { invoiceId, userId, ...content, status: 'Draft' } }];
    }
    case 'ReviseInvoice': {
      assertOwnLiveInvoice(state, command.data.userId);
      const { invoiceId, userId, content } = command.data;
      if (state.paid) throw invoicePaid();
      if (JSON.stringify(content) === JSON.stringify(state.content)) return [];
      return [{ type: 'InvoiceRevised', data: { invoiceId, userId, ...content } }];
    }
    case 'DeleteInvoice': {
      assertOwnLiveInvoice(state, command.data.userId);
      if (state.paid) throw invoicePaid();
      const { invoiceId, userId } = command.data;
      return [{ type: 'InvoiceDeleted', data: { invoiceId, userId, number: state.content?.number ?? '' } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

function assertOwnLiveInvoice(state: InvoiceState, userId: string): void {
  if (!state.exists || state.deleted || state.userId !== userId) throw invoiceNotFound();
}

/** Whether a revision moves the invoice to a number it must reserve first. */
export function numberToReserve(state: InvoiceState, events: InvoiceEvent[]): string | null {
  const revised = events.find((event) => event.type === 'InvoiceRevised');
  if (revised?.type !== 'InvoiceRevised') return null;
  return revised.data.number === state.content?.number ? null : revised.data.number;
}
