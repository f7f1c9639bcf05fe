import type { StreamInvoice } from '@remit/contracts';
import { AppError } from '@remit/kit';
import { isSubscribed, type Paywall } from '../billing/repository.js';
import { findInvoice, type InvoiceRow, newestInvoice, newestInvoiceId } from './repository.js';

/**
 * Locking (DESIGN §5): without a paid-up subscription only the newest invoice (the first of page 1) and
 * invoices bought one-time (status 'paid') are open.
 */
export interface Access {
  subscribed: boolean;
  newestId: string | null;
}

export async function accessFor(paywall: Paywall, userId: string): Promise<Access> {
  const subscribed = await isSubscribed(paywall, userId);
  return { subscribed, newestId: subscribed ? null : await newestInvoiceId(paywall.db, userId) };
}

export function isLocked(access: Access, row: Pick<InvoiceRow, 'id' | 'status'>): boolean {
  return !access.subscribed && row.id !== access.newestId && row.status !== 'paid';
}

const lockedError = () =>
  new AppError('payment_required', 'Subscribe or buy this invoice to open it', { reason: 'invoice_locked' });

/**
 * Locking for a command (send, share) from the invoice's own stream: bought, or subscribed, or newest. An
 * invoice the read model has not listed yet was issued after every one it lists, so it counts as newest.
 */
export async function assertStreamInvoiceOpen(
  paywall: Paywall,
  userId: string,
  invoice: Pick<StreamInvoice, 'id' | 'paid' | 'issuedPosition'>,
): Promise<void> {
  if (invoice.paid || (await isSubscribed(paywall, userId))) return;
  const newest = await newestInvoice(paywall.db, userId);
  if (!newest || newest.id === invoice.id || invoice.issuedPosition > newest.issuedPosition) return;
  throw lockedError();
}

/** The user's own invoice, open to them: 404 when it is not theirs, 402 when it is locked. */
export async function openInvoice(paywall: Paywall, userId: string, id: string): Promise<InvoiceRow> {
  const row = await findInvoice(paywall.db, userId, id);
  if (!row) throw new AppError('not_found', 'Invoice not found');
  if (isLocked(await accessFor(paywall, userId), row)) {
    throw lockedError();
  }
  return row;
}
