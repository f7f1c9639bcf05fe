import {
  type CollectionEvent,
  formatMoney,
  type InvoiceContent,
  invoiceMailDefaults,
  money,
  paymentDateMessage,
} from '@remit/contracts';
import { AppError, unreachable } from '@remit/kit';
import type { CollectionCommand } from './collection-command.js';
import { decideReminder } from './collection-reminders.js';
import { badAmount, invoiceSettled, invoiceVoid, minorUnitsOf, paymentsStand } from './collection-rules.js';
import { balanceOf, type Payments } from './collection-state.js';
import { decideOnlinePayment } from './online-payment.js';

export type { CollectionCommand } from './collection-command.js';
export { assertRevisable } from './collection-rules.js';
export { overpaidMessage, type ProviderDispute, type RecordOnlinePaymentData } from './online-payment.js';

/** Views closer together than this are one: the History shows visits, not page loads. */
const VIEW_INTERVAL_MS = 60 * 60 * 1000;

/** The subject a sent invoice has unless the owner wrote another (the send dialog shows the same, D-341). */
const defaultSubject = (content: InvoiceContent & { eInvoice?: { language?: string } }) =>
  invoiceMailDefaults(content, 0).subject;

export function decideCollection(
  content: InvoiceContent,
  payments: Payments,
  command: CollectionCommand,
): CollectionEvent[] {
  switch (command.type) {
    case 'RecordPayment': {
      const { amount: typed, today, onlyWhenBalanceIs, source = 'owner', ...data } = command.data;
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
          data: { ...data, amount, currency: content.currency, source, fee: 0 },
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
      // What still stands of it: a provider may have taken part of it back already.
      const amount = payment.amount - payment.reversedAmount;
      return [
        {
          type: 'PaymentReversed',
          data: { invoiceId, userId, paymentId, amount, currency: content.currency, reason },
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
