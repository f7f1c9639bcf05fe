import {
  type InvoiceStreamEvent,
  invoiceReminderStreamId,
  invoiceStreamId,
  type OwnerNotificationKind,
  ownerNotificationStreamId,
  type ReminderReservationEvent,
} from '@remit/contracts';
import { type Decider, type Step, step } from '@remit/eventstore';
import { type InvoiceState, invoiceDecider } from './decider.js';

/**
 * The time process's commands (docs/decisions.md, "Getting paid": reminders and notifications). Each
 * decides on the invoice's own stream, so one expected version makes it once; what it mails is also
 * reserved on a stream of its own (expected version 'no stream') in the same transaction, so two
 * projector instances that both decided it cannot both commit it. Only the instance whose transaction
 * committed the reservation mails.
 */

type ReminderReserved = Extract<ReminderReservationEvent, { type: 'InvoiceReminderReserved' }>;
type NotificationReserved = Extract<ReminderReservationEvent, { type: 'OwnerNotificationReserved' }>;

/** A reservation stream: its one event, or nothing when it was taken. */
const reservationDecider = <Event extends ReminderReservationEvent>(
  type: Event['type'],
): Decider<boolean, Event['data'], Event> => ({
  name: type,
  handles: [type],
  initialState: false,
  evolve: () => true,
  decide: (reserved, data) => (reserved ? [] : [{ type, data } as Event]),
});

const reminderReservation = reservationDecider<ReminderReserved>('InvoiceReminderReserved');
const notificationReservation = reservationDecider<NotificationReserved>('OwnerNotificationReserved');

/** Records that an invoice became overdue; with it, the owner's notification (sent when `notifyOwner`). */
export function recordOverdue(input: {
  invoiceId: string;
  userId: string;
  today: string;
  notifyOwner: boolean;
}): Step<InvoiceState, InvoiceStreamEvent> {
  const { invoiceId, userId, today, notifyOwner } = input;
  return step({
    decider: invoiceDecider,
    streams: invoiceStreamId(invoiceId),
    command: { type: 'RecordOverdue', data: { invoiceId, userId, today } },
    effects: () => [notifyOwnerStep({ invoiceId, userId, kind: 'overdue', sent: notifyOwner })],
  });
}

/** Sends (records) the reminder due today under the owner's policy; every reminder handled is reserved. */
export function remindCustomer(input: {
  invoiceId: string;
  userId: string;
  today: string;
  offsets: number[];
}): Step<InvoiceState, InvoiceStreamEvent> {
  const { invoiceId, userId } = input;
  return step({
    decider: invoiceDecider,
    streams: invoiceStreamId(invoiceId),
    command: { type: 'RemindCustomer', data: input },
    effects: (events) =>
      events.flatMap((event) => {
        switch (event.type) {
          case 'InvoiceReminderSent':
          case 'InvoiceReminderSkipped': {
            const { offset } = event.data;
            const sent = event.type === 'InvoiceReminderSent';
            return [
              step({
                decider: reminderReservation,
                streams: invoiceReminderStreamId(invoiceId, offset),
                command: { invoiceId, userId, offset, sent },
              }),
            ];
          }
          default:
            return [];
        }
      }),
  });
}

/** Reserves the owner's notification of `kind` for an invoice (once, ever); `sent` false when turned off. */
export function notifyOwnerStep(data: {
  invoiceId: string;
  userId: string;
  kind: OwnerNotificationKind;
  sent: boolean;
}) {
  return step({
    decider: notificationReservation,
    streams: ownerNotificationStreamId(data.invoiceId, data.kind),
    command: data,
  });
}
