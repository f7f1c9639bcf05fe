import { z } from 'zod';
import { type EventOf, eventType } from './define.js';

/**
 * Recurring invoices (issue 33; docs/decisions.md D-272–D-276). A profile is a template (the payload of
 * `POST /invoices`) and a schedule; each run issues one invoice. Its periods are counted from the start date
 * (the nth run's date is a pure function of the schedule and n, recurring-schedule.ts), so the profile's stream
 * holds only which periods were handled.
 *
 * Streams:
 * - `recurring-{profileId}`: every event below, in order. A run is decided on this stream with its expected
 *   version, so two schedulers that find the same due run append it once.
 */

export const recurringFrequencies = ['weekly', 'monthly', 'quarterly', 'yearly'] as const;
export type RecurringFrequency = (typeof recurringFrequencies)[number];
export const recurringModes = ['draft', 'send'] as const;
export type RecurringMode = (typeof recurringModes)[number];
/** Periods missed while nothing ran (downtime): issued once each, oldest first, or skipped. */
export const recurringMissedChoices = ['issue', 'skip'] as const;
export type RecurringMissed = (typeof recurringMissedChoices)[number];

export const recurringScheduleSchema = z.object({
  frequency: z.enum(recurringFrequencies),
  /** Monthly, quarterly, yearly: the day of the month (clamped to the month's last) or 'last'; null: the start's. */
  dayOfMonth: z.union([z.number().int().min(1).max(31), z.literal('last')]).nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  /** How many periods at most (issued or skipped); null: until the end date or for ever. */
  count: z.number().int().positive().nullable(),
  /** The owner's IANA time zone: a run belongs to that day, not to UTC's. */
  timeZone: z.string(),
});
export type RecurringSchedule = z.infer<typeof recurringScheduleSchema>;

const profileData = z.object({
  profileId: z.string(),
  userId: z.string(),
  /** The template: the payload of `POST /invoices` as the owner gave it (number and dates are the run's). */
  invoice: z.record(z.string(), z.unknown()),
  schedule: recurringScheduleSchema,
  mode: z.enum(recurringModes),
  missed: z.enum(recurringMissedChoices),
});

export const recurringEvents = {
  RecurringProfileCreated: eventType(profileData),
  /**
   * A new template or schedule, on the owner's day `on`: periods already handled stay handled; the next is the
   * new schedule's first on or after `on` (after the last run's date when one ran that day).
   */
  RecurringProfileUpdated: eventType(profileData.extend({ on: z.string() })),
  RecurringProfilePaused: eventType(z.object({ profileId: z.string(), userId: z.string(), on: z.string() })),
  /** Resumed on the owner's day `on`: periods before it that came while paused are skipped. */
  RecurringProfileResumed: eventType(z.object({ profileId: z.string(), userId: z.string(), on: z.string() })),
  RecurringProfileDeleted: eventType(z.object({ profileId: z.string(), userId: z.string() })),
  /** Period `period` (0-based; its date `date`) issued invoice `invoiceId`, dated `issueDate` (the run's day). */
  RecurringInvoiceIssued: eventType(
    z.object({
      profileId: z.string(),
      userId: z.string(),
      period: z.number().int().min(0),
      date: z.string(),
      issueDate: z.string(),
      invoiceId: z.string(),
      number: z.string(),
      mode: z.enum(recurringModes),
    }),
  ),
  /** Periods `from`..`to - 1` passed unissued (missed while down and the owner chose skip). */
  RecurringPeriodsSkipped: eventType(
    z.object({
      profileId: z.string(),
      userId: z.string(),
      from: z.number().int().min(0),
      to: z.number().int().min(1),
      reason: z.enum(['missed']),
    }),
  ),
  /** The invoice of period `period` was sent to the customer (mode 'send'), once. */
  RecurringInvoiceSent: eventType(
    z.object({
      profileId: z.string(),
      userId: z.string(),
      period: z.number().int().min(0),
      invoiceId: z.string(),
      sendId: z.string(),
    }),
  ),
} as const;

export type RecurringEvent = EventOf<typeof recurringEvents>;

export const recurringStreamId = (profileId: string) => `recurring-${profileId}`;
