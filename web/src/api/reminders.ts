import {
  type ReminderSettingsAnswer,
  type ReminderSettingsInput,
  reminderSettingsAnswerSchema,
} from '@remit/contracts';
import { z } from 'zod';
import { request } from './client';

/** `GET /settings/reminders`: the policy and notification toggles (the defaults until changed). */
export function fetchReminderSettings(signal?: AbortSignal): Promise<ReminderSettingsAnswer> {
  return request('GET', '/settings/reminders', { schema: reminderSettingsAnswerSchema, signal });
}

/** `PUT /settings/reminders`: the whole policy; the server checks it with the same schema. */
export function saveReminderSettings(
  settings: ReminderSettingsInput,
  idempotencyKey: string,
): Promise<ReminderSettingsAnswer> {
  return request('PUT', '/settings/reminders', {
    body: settings,
    idempotencyKey,
    schema: reminderSettingsAnswerSchema,
  });
}

const invoiceRemindersAnswerSchema = z.object({ remindersEnabled: z.boolean() });

/** `POST /invoices/{id}/reminders`: whether the owner's automatic reminders go to this invoice's customer. */
export function setInvoiceReminders(invoiceId: string, enabled: boolean, idempotencyKey: string) {
  return request('POST', `/invoices/${encodeURIComponent(invoiceId)}/reminders`, {
    body: { enabled },
    idempotencyKey,
    schema: invoiceRemindersAnswerSchema,
  });
}
