import { z } from 'zod';
import type { SubscriptionView } from './billing-api.js';
import { settingsUpdateSchema } from './invoices-api.js';

/**
 * The profile API (spec §2 Profile, §3; docs/api.md "Profile"). Money in minor units of its currency.
 * The paid features (recent invoices, quick stats, top clients) answer 402 `subscription_required` without an
 * active or trialing subscription. Definitions of every figure: docs/decisions.md, "Profile and stats".
 */
export interface MoneyTotal {
  currency: string;
  /** Minor units of `currency`. */
  amount: number;
}

/** `GET /settings/quick-stats` → `{ stats }`. Totals are per currency, largest first. */
export interface QuickStats {
  totalRevenue: MoneyTotal[];
  pendingPayments: MoneyTotal[];
  activeClients: number;
  totalInvoices: number;
  totalCustomers: number;
}

export interface QuickStatsAnswer {
  stats: QuickStats;
}

/** `GET /customers/top` → `{ clients }`, at most 5, by total amount. */
export interface TopClient {
  ID: string;
  CustomerName: string;
  TotalInvoices: number;
  /** Minor units of `Currency`. */
  TotalAmount: number;
  Currency: string;
}

export interface TopClientsAnswer {
  clients: TopClient[];
}

export const TOP_CLIENTS_LIMIT = 5;
export const RECENT_INVOICES_LIMIT = 5;
export const RECENT_ACTIVITIES_LIMIT = 10;

export type RecentInvoiceStatus = 'Paid' | 'Pending' | 'Overdue' | 'Draft';

/** `GET /invoices/recent` → `{ invoices }`, the 5 newest. */
export interface RecentInvoice {
  id: string;
  InvoiceNumber: string;
  Status: RecentInvoiceStatus;
  IssueDate: string;
  /** Minor units of `Currency`. */
  Amount: number;
  Currency: string;
}

export interface RecentInvoicesAnswer {
  invoices: RecentInvoice[];
}

/** `GET /activities/recent` → `{ activities }`, at most 10, newest first. */
export interface Activity {
  id: string;
  type: string;
  at: string;
  summary: string;
  invoiceId: string | null;
}

export interface ActivitiesAnswer {
  activities: Activity[];
}

/** `GET /settings/profile`. Subscription is null when the user never had one. */
export interface UserProfile {
  Name: string;
  Email: string;
  Settings: { LogoURL: string | null; CompanyName: string; UserCompanyVAT: string | null };
  Subscription: SubscriptionView | null;
}

/**
 * `PUT /settings`: the settings body (JSON, or the multipart field `settings` next to a file `logo`),
 * plus `removeLogo: true` to drop the company logo.
 */
export const profileUpdateSchema = settingsUpdateSchema.extend({
  removeLogo: z.boolean().optional().default(false),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
