import { z } from 'zod';
import { subscriptionViewSchema } from './billing-api.js';
import { documentLanguages } from './i18n/languages.js';
import { settingsUpdateSchema } from './settings-api.js';

/**
 * The profile API (spec §2 Profile, §3; docs/api.md "Profile"). Money in minor units of its currency.
 * The paid features (recent invoices, quick stats, top clients) answer 402 `subscription_required` without an
 * active or trialing subscription. Definitions of every figure: docs/decisions.md, "Profile and stats".
 */
export const moneyTotalSchema = z.object({
  currency: z.string(),
  /** Minor units of `currency`. */
  amount: z.number().int(),
});
export type MoneyTotal = z.infer<typeof moneyTotalSchema>;

/** `GET /settings/quick-stats` → `{ stats }`. Totals are per currency, largest first. */
export const quickStatsSchema = z.object({
  totalRevenue: z.array(moneyTotalSchema),
  pendingPayments: z.array(moneyTotalSchema),
  /** Balances past their due date (issue 14), per currency; a part of `pendingPayments`. */
  overduePayments: z.array(moneyTotalSchema).optional(),
  activeClients: z.number().int(),
  totalInvoices: z.number().int(),
  totalCustomers: z.number().int(),
});
export type QuickStats = z.infer<typeof quickStatsSchema>;
export const quickStatsAnswerSchema = z.object({ stats: quickStatsSchema });
export type QuickStatsAnswer = z.infer<typeof quickStatsAnswerSchema>;

/** `GET /customers/top` → `{ clients }`, at most 5, by total amount. */
export const topClientSchema = z.object({
  ID: z.string(),
  CustomerName: z.string(),
  TotalInvoices: z.number().int(),
  /** Minor units of `Currency`. */
  TotalAmount: z.number().int(),
  /** What this client paid and still owes (issue 14), minor units of `Currency`. */
  PaidAmount: z.number().int().optional(),
  OutstandingAmount: z.number().int().optional(),
  Currency: z.string(),
});
export type TopClient = z.infer<typeof topClientSchema>;
export const topClientsAnswerSchema = z.object({ clients: z.array(topClientSchema) });
export type TopClientsAnswer = z.infer<typeof topClientsAnswerSchema>;

export const TOP_CLIENTS_LIMIT = 5;
export const RECENT_INVOICES_LIMIT = 5;
export const RECENT_ACTIVITIES_LIMIT = 10;

export const recentInvoiceStatuses = [
  'Paid',
  'Pending',
  'Overdue',
  'Draft',
  'Void',
  'Credited',
  'Refund due',
] as const;
export type RecentInvoiceStatus = (typeof recentInvoiceStatuses)[number];

/** `GET /invoices/recent` → `{ invoices }`, the 5 newest. */
export const recentInvoiceSchema = z.object({
  id: z.string(),
  InvoiceNumber: z.string(),
  Status: z.enum(recentInvoiceStatuses),
  IssueDate: z.string(),
  /** Minor units of `Currency`. */
  Amount: z.number().int(),
  Currency: z.string(),
});
export type RecentInvoice = z.infer<typeof recentInvoiceSchema>;
export const recentInvoicesAnswerSchema = z.object({ invoices: z.array(recentInvoiceSchema) });
export type RecentInvoicesAnswer = z.infer<typeof recentInvoicesAnswerSchema>;

/** `GET /activities/recent` → `{ activities }`, at most 10, newest first. */
export const activitySchema = z.object({
  id: z.string(),
  type: z.string(),
  at: z.string(),
  summary: z.string(),
  invoiceId: z.string().nullable(),
});
export type Activity = z.infer<typeof activitySchema>;
export const activitiesAnswerSchema = z.object({ activities: z.array(activitySchema) });
export type ActivitiesAnswer = z.infer<typeof activitiesAnswerSchema>;

/** `GET /settings/profile`. Subscription is null when the user never had one. */
export const userProfileSchema = z.object({
  Name: z.string(),
  Email: z.string(),
  Settings: z.object({
    LogoURL: z.string().nullable(),
    CompanyName: z.string(),
    UserCompanyVAT: z.string().nullable(),
  }),
  Subscription: subscriptionViewSchema.nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/**
 * `PUT /settings`: the settings body (JSON, or the multipart field `settings` next to a file `logo`),
 * plus `removeLogo: true` to drop the company logo.
 */
export const profileUpdateSchema = settingsUpdateSchema.extend({
  removeLogo: z.boolean().optional().default(false),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** `PUT /settings/language` and `GET /settings/language`: the owner's document language (issue 30). */
export const documentLanguageSettingSchema = z.object({
  language: z.enum(documentLanguages, { error: 'Please choose a document language from the list' }),
});
export type DocumentLanguageSetting = z.infer<typeof documentLanguageSettingSchema>;
