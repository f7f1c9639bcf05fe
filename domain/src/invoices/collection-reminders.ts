import { addDays, type CollectionEvent, type InvoiceContent } from '@remit/contracts';
import { balanceOf, type Payments } from './collection-state.js';

/**
 * The reminders that came due by `today` and were not handled yet: the latest is mailed, earlier ones are
 * recorded as superseded (after downtime the customer gets one reminder, not a burst). A reminder dated
 * before the invoice was issued never comes due; one earlier than a reminder already handled is
 * superseded. Nothing for a void, settled or opted-out invoice.
 */
export function decideReminder(
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
