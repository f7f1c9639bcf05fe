import { z } from 'zod';
import { recurringFrequencies, recurringMissedChoices, recurringModes } from './events/recurring.js';
import { invoiceSubmitSchema } from './invoice-form.js';
import { isTimeZone } from './quotes-api.js';

/** Requests and answers of recurring invoices (docs/api.md, "Recurring invoices"; issue 33). */

const isoDate = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), message)
    .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value, message);

export const recurringMessages = {
  frequency: 'Choose weekly, monthly, quarterly or yearly',
  startDate: 'Give the first run as a date, like 2026-12-01',
  endDate: 'Give the end as a date, like 2027-12-31',
  endBeforeStart: 'The end date must be on or after the start date',
  count: 'The number of invoices must be a whole number from 1 to 1000',
  dayOfMonth: "The day of the month must be 1 to 31, or 'last'",
  mode: "Choose 'draft' (issue only) or 'send' (issue and send)",
  timeZone: 'Unknown time zone',
  endAndCount: 'Give an end date or a number of invoices, not both',
} as const;

/** The schedule and options, as `POST /recurring` and `PUT /recurring/{id}` take them beside `invoice`. */
const recurringOptionsShape = {
  frequency: z.enum(recurringFrequencies, { error: recurringMessages.frequency }),
  dayOfMonth: z
    .union([z.number().int().min(1).max(31), z.literal('last')], { error: recurringMessages.dayOfMonth })
    .nullish(),
  startDate: isoDate(recurringMessages.startDate),
  endDate: isoDate(recurringMessages.endDate).nullish(),
  count: z.number({ error: recurringMessages.count }).int(recurringMessages.count).min(1).max(1000).nullish(),
  mode: z.enum(recurringModes, { error: recurringMessages.mode }),
  /** Missed periods (the server was down): 'issue' each once, oldest first (the default), or 'skip' them. */
  missed: z.enum(recurringMissedChoices).default('issue'),
  /** The owner's IANA time zone (the browser's); UTC when not given. */
  timeZone: z.string().max(64).refine(isTimeZone, recurringMessages.timeZone).default('UTC'),
};

export const recurringProfileSchema = z
  .object({
    /** The payload of `POST /invoices`; its number and dates are replaced by each run's. */
    invoice: invoiceSubmitSchema,
    ...recurringOptionsShape,
  })
  .superRefine((value, ctx) => {
    if (value.endDate && value.endDate < value.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: recurringMessages.endBeforeStart });
    if (value.endDate && value.count)
      ctx.addIssue({ code: 'custom', path: ['count'], message: recurringMessages.endAndCount });
  });
export type RecurringProfileInput = z.input<typeof recurringProfileSchema>;
export type RecurringProfileRequest = z.output<typeof recurringProfileSchema>;

export type RecurringStatus = 'active' | 'paused' | 'ended';

/** The answers as the web reads them (`request`'s schema): checked for the fields the screens use. */
export const recurringProfileAnswerSchema = z.looseObject({
  id: z.string(),
  status: z.enum(['active', 'paused', 'ended']),
  frequency: z.enum(recurringFrequencies),
  dayOfMonth: z.union([z.number(), z.literal('last')]).nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  count: z.number().nullable(),
  mode: z.enum(recurringModes),
  missed: z.enum(recurringMissedChoices),
  timeZone: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  currency: z.string(),
  total: z.number(),
  nextRun: z.string().nullable(),
  invoicesIssued: z.number(),
  lastInvoice: z.object({ id: z.string(), number: z.string(), issueDate: z.string() }).nullable(),
  preview: z.object({ issueDate: z.string(), dueDate: z.string(), number: z.string() }).nullable(),
  invoice: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const recurringListAnswerSchema = z.object({ profiles: z.array(recurringProfileAnswerSchema) });
export const recurringDetailAnswerSchema = recurringProfileAnswerSchema.extend({
  runs: z.array(
    z.object({
      period: z.number(),
      date: z.string(),
      issueDate: z.string(),
      invoiceId: z.string(),
      number: z.string(),
      sent: z.boolean(),
    }),
  ),
  history: z.array(z.object({ at: z.string(), type: z.string(), text: z.string() })),
});
export const recurringCommandAnswerSchema = z.looseObject({ id: z.string().nullable() });

/** One profile as `GET /recurring` lists it and `GET /recurring/{id}` answers it (with `runs` and `history`). */
export interface RecurringProfileAnswer {
  id: string;
  status: RecurringStatus;
  frequency: (typeof recurringFrequencies)[number];
  dayOfMonth: number | 'last' | null;
  startDate: string;
  endDate: string | null;
  count: number | null;
  mode: (typeof recurringModes)[number];
  missed: (typeof recurringMissedChoices)[number];
  timeZone: string;
  customerName: string;
  customerEmail: string;
  currency: string;
  /** The next invoice's gross total in minor units (as the template stands). */
  total: number;
  nextRun: string | null;
  invoicesIssued: number;
  lastInvoice: { id: string; number: string; issueDate: string } | null;
  /** What the next run would issue: its date, its due date and the number it would take now. */
  preview: { issueDate: string; dueDate: string; number: string } | null;
  invoice: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

export interface RecurringRunAnswer {
  period: number;
  date: string;
  issueDate: string;
  invoiceId: string;
  number: string;
  sent: boolean;
}

export interface RecurringHistoryEntry {
  at: string;
  type: string;
  text: string;
}
