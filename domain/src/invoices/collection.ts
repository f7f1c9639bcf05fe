import {
  addDays,
  type CollectionEvent,
  formatMoney,
  type InvoiceContent,
  invoiceMailDefaults,
  money,
  paymentAmountIn,
  paymentDateMessage,
} from '@remit/contracts';
import { AppError, unreachable } from '@remit/kit';
import type { CollectionCommand } from './collection-command.js';
import { balanceOf, isSettled, type Payments } from './collection-state.js';

export type { CollectionCommand } from './collection-command.js';

/** Views closer together than this are one: the History shows visits, not page loads. */
const VIEW_INTERVAL_MS = 60 * 60 * 1000;

/** The subject a sent invoice has unless the owner wrote another (the send dialog shows the same, D-341). */
const defaultSubject = (content: InvoiceContent & { eInvoice?: { language?: string } }) =>
  invoiceMailDefaults(content, 0).subject;

const invoiceVoid = (what: string) =>
  new AppError('conflict', `This invoice is void and ${what}`, { reason: 'invoice_void' });
const invoiceSettled = (what: string) =>
  new AppError('conflict', `This invoice is paid in full and ${what}`, { reason: 'invoice_settled' });
const paymentsStand = (what: string) =>
  new AppError('conflict', `This invoice has payments recorded; reverse them before ${what}`, {
    reason: 'payments_recorded',
  });
const badAmount = (message: string, reason = 'invalid_amount') =>
  new AppError('validation', message, { reason, fields: { amount: message } });

/**
 * A revision (content) or a deletion (null) is refused once the customer's side has begun: a void
 * invoice and a settled one are records; a partly paid one may change, but not under what was paid nor
 * into another currency, and is not deleted while its payments stand.
 */
export function assertRevisable(
  payments: Payments,
  content: InvoiceContent | null,
  current?: InvoiceContent,
) {
  if (payments.voided) throw invoiceVoid('can no longer be changed');
  if (payments.paid <= 0) return;
  if (content === null) throw paymentsStand('deleting it (or void it instead)');
  if (current && isSettled(current, payments)) throw invoiceSettled('can no longer be changed');
  if (current && content.currency !== current.currency) {
    throw paymentsStand(`changing its currency from ${current.currency}`);
  }
  if (content.total < payments.paid) {
    const paid = formatMoney(money(payments.paid, content.currency));
    throw paymentsStand(`lowering its total under the ${paid} paid`);
  }
}

/** Reads a typed amount as minor units of the invoice's currency (contracts, `paymentAmountIn`), or refuses it. */
function minorUnitsOf(typed: string, currency: string): number {
  const amount = paymentAmountIn(typed, currency);
  if ('message' in amount) throw badAmount(amount.message);
  if (amount.units > BigInt(Number.MAX_SAFE_INTEGER))
    throw badAmount('The amount is too large', 'overpayment');
  return Number(amount.units);
}

/**
 * The reminders that came due by `today` and were not handled yet: the latest is mailed, earlier ones are
 * recorded as superseded (after downtime the customer gets one reminder, not a burst). A reminder dated
 * before the invoice was issued never comes due; one earlier than a reminder already handled is
 * superseded. Nothing for a void, settled or opted-out invoice.
 */
function decideReminder(
  content: InvoiceContent,
  payments: Payments,
  data: { invoiceId: string; userId: string; today: string; offsets: number[] },
): CollectionEvent[] {
  const { invoiceId, userId, today } = data;
  const balance = balanceOf(content, payments);
  if (payments.voided || payments.remindersOff || balance === 0) return [];
  const due = [...new Set(data.offsets)]
    .filter((offset) => !payments.reminders.includes(offset))
    .filter((offset) => {
      const day = addDays(content.dueDate, offset);
      return day <= today && day >= content.issueDate;
    })
    .sort((a, b) => a - b);
  const latest = due.at(-1);
  if (latest === undefined) return [];
  const handledLatest = Math.max(-Infinity, ...payments.reminders);
  const skipped = (offset: number, reason: 'superseded' | 'no_customer_email'): CollectionEvent => ({
    type: 'InvoiceReminderSkipped',
    data: { invoiceId, userId, offset, reason },
  });
  const events = due.slice(0, -1).map((offset) => skipped(offset, 'superseded'));
  const to = content.customer.email.trim();
  if (latest < handledLatest) events.push(skipped(latest, 'superseded'));
  else if (!to) events.push(skipped(latest, 'no_customer_email'));
  else {
    events.push({
      type: 'InvoiceReminderSent',
      data: {
        invoiceId,
        userId,
        offset: latest,
        to,
        dueDate: content.dueDate,
        balance,
        currency: content.currency,
      },
    });
  }
  return events;
}

/** Past the balance (a second tab, a voided invoice): only as a payment already given back. */
export const overpaidMessage = 'The invoice was already paid: refunded to the customer';

function decideOnlinePayment(
  content: InvoiceContent,
  payments: Payments,
  data: Extract<CollectionCommand, { type: 'RecordOnlinePayment' }>['data'],
): CollectionEvent[] {
  const { reversal, ...payment } = data;
  const { invoiceId, userId, paymentId, amount } = payment;
  const reversed: CollectionEvent[] = reversal
    ? [
        {
          type: 'PaymentReversed',
          data: { invoiceId, userId, paymentId, amount, currency: content.currency, reason: reversal },
        },
      ]
    : [];
  const known = payments.recorded[paymentId];
  if (known) return known.reversed ? [] : reversed;
  if (payment.currency !== content.currency) {
    throw new AppError(
      'conflict',
      `The payment is in ${payment.currency}, the invoice in ${content.currency}`,
      {
        reason: 'currency_mismatch',
      },
    );
  }
  const fits = !payments.voided && amount <= balanceOf(content, payments);
  if (!fits && !reversal) {
    throw new AppError('conflict', overpaidMessage, { reason: 'overpayment' });
  }
  return [{ type: 'PaymentRecorded', data: payment }, ...reversed];
}

export function decideCollection(
  content: InvoiceContent,
  payments: Payments,
  command: CollectionCommand,
): CollectionEvent[] {
  switch (command.type) {
    case 'RecordPayment': {
      const { amount: typed, today, onlyWhenBalanceIs, ...data } = command.data;
      if (payments.recorded[data.paymentId]) return [];
      const dateMessage = paymentDateMessage(data.date, content.issueDate, today);
      if (dateMessage) throw new AppError('validation', dateMessage, { fields: { date: dateMessage } });
      if (payments.voided) throw invoiceVoid('takes no payments');
      const balance = balanceOf(content, payments);
      if (balance === 0) throw invoiceSettled('has no balance left to pay');
      if (onlyWhenBalanceIs !== undefined && balance !== onlyWhenBalanceIs) {
        throw new AppError('conflict', 'The balance of this invoice changed while the statement was read', {
          reason: 'balance_changed',
        });
      }
      const amount = typed === null ? balance : minorUnitsOf(typed, content.currency);
      if (amount > balance) {
        const asked = formatMoney(money(amount, content.currency));
        const due = formatMoney(money(balance, content.currency));
        throw badAmount(`The payment of ${asked} is more than the balance due of ${due}`, 'overpayment');
      }
      return [
        {
          type: 'PaymentRecorded',
          data: { ...data, amount, currency: content.currency, source: 'owner', fee: 0 },
        },
      ];
    }
    case 'RecordOnlinePayment':
      return decideOnlinePayment(content, payments, command.data);
    case 'ReversePayment': {
      const { invoiceId, userId, paymentId, reason } = command.data;
      const payment = payments.recorded[paymentId];
      if (!payment) throw new AppError('not_found', 'Payment not found');
      if (payment.reversed) return [];
      return [
        {
          type: 'PaymentReversed',
          data: { invoiceId, userId, paymentId, amount: payment.amount, currency: content.currency, reason },
        },
      ];
    }
    case 'VoidInvoice': {
      if (payments.voided) return [];
      if (payments.paid > 0) throw paymentsStand('voiding it');
      // A credit note already corrects it: voiding too would take the same amount off twice.
      if (payments.creditNotes.length > 0) {
        throw new AppError('conflict', 'This invoice has credit notes; issue another to correct it', {
          reason: 'invoice_credited',
        });
      }
      const { invoiceId, userId, reason } = command.data;
      return [{ type: 'InvoiceVoided', data: { invoiceId, userId, number: content.number, reason } }];
    }
    case 'SendInvoice': {
      if (payments.voided) throw invoiceVoid('is not sent');
      const { to, subject, share, ...data } = command.data;
      const recipients = to.length > 0 ? to : [content.customer.email].filter(Boolean);
      if (recipients.length === 0) {
        throw new AppError('validation', 'Say who to send it to: the invoice has no customer e-mail', {
          fields: { to: 'Enter an e-mail address' },
        });
      }
      const sent: CollectionEvent = {
        type: 'InvoiceSent',
        data: { ...data, to: recipients, subject: subject || defaultSubject(content) },
      };
      // The mail links the customer page: a new link when none is active (an active one is never re-shown).
      if (!share || payments.shareId !== null) return [sent];
      const { invoiceId, userId } = data;
      return [{ type: 'InvoiceShared', data: { invoiceId, userId, ...share } }, sent];
    }
    case 'ShareInvoice': {
      // One link at a time: while one is active, sharing again keeps it (the owner stops it for a new one).
      if (payments.shareId !== null) return [];
      if (payments.voided) throw invoiceVoid('is not shared');
      return [{ type: 'InvoiceShared', data: command.data }];
    }
    case 'StopSharingInvoice': {
      if (payments.shareId === null) return [];
      return [{ type: 'InvoiceSharingStopped', data: { ...command.data, shareId: payments.shareId } }];
    }
    case 'RecordInvoiceView': {
      // Only a link opens the page; a view within the hour of the last one recorded is the same visit.
      if (payments.shareId === null) return [];
      const { viewedAt } = command.data;
      const last = payments.lastViewedAt ? Date.parse(payments.lastViewedAt) : null;
      if (last !== null && Date.parse(viewedAt) - last < VIEW_INTERVAL_MS) return [];
      return [{ type: 'InvoiceViewed', data: { ...command.data, shareId: payments.shareId } }];
    }
    case 'SetInvoiceReminders': {
      const { invoiceId, userId, enabled } = command.data;
      if (enabled === !payments.remindersOff) return [];
      return [
        {
          type: enabled ? 'InvoiceRemindersOptedIn' : 'InvoiceRemindersOptedOut',
          data: { invoiceId, userId },
        },
      ];
    }
    case 'RecordOverdue': {
      const { invoiceId, userId, today } = command.data;
      const balance = balanceOf(content, payments);
      if (payments.overdue || payments.voided || balance === 0 || content.dueDate >= today) return [];
      return [
        {
          type: 'InvoiceBecameOverdue',
          data: { invoiceId, userId, dueDate: content.dueDate, balance, currency: content.currency },
        },
      ];
    }
    case 'RemindCustomer':
      return decideReminder(content, payments, command.data);
    default:
      return unreachable(command);
  }
}
