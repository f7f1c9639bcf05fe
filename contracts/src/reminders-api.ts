import { z } from 'zod';

/**
 * Automatic payment reminders and owner notifications (issue 14, items 6 and 7; docs/decisions.md,
 * "Getting paid"). A reminder is named by its offset in days from the invoice's due date: -3 is three days
 * before, 0 on the day, 7 a week after.
 */
export const reminderOffsetChoices = [-7, -3, 0, 3, 7, 14, 30] as const;
export type ReminderOffset = (typeof reminderOffsetChoices)[number];

/** What a new account has: reminders off (the customer hears nothing unasked), owner notifications on. */
export const defaultReminderSettings = {
  remindersEnabled: false,
  reminderOffsets: [-3, 0, 7, 14] as number[],
  notifyOnFirstView: true,
  notifyOnOverdue: true,
};
export type ReminderSettings = typeof defaultReminderSettings;

export const reminderMessages = {
  offsetsRequired: 'Choose at least one reminder, or turn reminders off',
  offsetUnknown: `Choose reminders from ${reminderOffsetChoices.join(', ')} days`,
} as const;

/** How an offset reads to a person: '3 days before the due date', 'On the due date', '7 days after'. */
export function reminderOffsetLabel(offset: number): string {
  if (offset === 0) return 'On the due date';
  const days = Math.abs(offset);
  const unit = days === 1 ? 'day' : 'days';
  return offset < 0 ? `${days} ${unit} before the due date` : `${days} ${unit} after the due date`;
}

/** `PUT /settings/reminders`: the whole policy (what is left out is refused, never guessed). */
export const reminderSettingsSchema = z
  .object({
    remindersEnabled: z.boolean(),
    reminderOffsets: z
      .array(
        z
          .number()
          .int()
          .refine((offset) => (reminderOffsetChoices as readonly number[]).includes(offset), {
            message: reminderMessages.offsetUnknown,
          }),
      )
      .max(reminderOffsetChoices.length)
      .transform((offsets) => [...new Set(offsets)].sort((a, b) => a - b)),
    notifyOnFirstView: z.boolean(),
    notifyOnOverdue: z.boolean(),
  })
  .strict()
  .superRefine((settings, ctx) => {
    if (settings.remindersEnabled && settings.reminderOffsets.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['reminderOffsets'], message: reminderMessages.offsetsRequired });
    }
  });
export type ReminderSettingsInput = z.input<typeof reminderSettingsSchema>;

/** `GET /settings/reminders` and the answer of `PUT`. */
export const reminderSettingsAnswerSchema = z.object({
  remindersEnabled: z.boolean(),
  reminderOffsets: z.array(z.number().int()),
  notifyOnFirstView: z.boolean(),
  notifyOnOverdue: z.boolean(),
  position: z.string().optional(),
});
export type ReminderSettingsAnswer = z.infer<typeof reminderSettingsAnswerSchema>;

/** `POST /invoices/{id}/reminders`: whether automatic reminders go to this invoice's customer. */
export const invoiceRemindersSchema = z.object({ enabled: z.boolean() }).strict();
