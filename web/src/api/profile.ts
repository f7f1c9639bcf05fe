import type {
  MoneyTotal,
  ProfileUpdateInput,
  QuickStats,
  RecentInvoice,
  TopClient,
  UserProfile,
  UserSettings,
} from '@remit/contracts';
import { z } from 'zod';
import { subscriptionViewSchema } from './billing';
import { request } from './client';
import { ApiError } from './errors';

/**
 * The profile screen's calls (spec §7 Settings and profile; docs/api.md): the profile, the settings
 * it edits, and the three paid blocks, which answer 402 to a user who is not subscribed.
 */

export const profileKeys = {
  profile: ['settings', 'profile'] as const,
  settings: ['settings', 'values'] as const,
  quickStats: ['settings', 'quick-stats'] as const,
  topClients: ['customers', 'top'] as const,
  recentInvoices: ['invoices', 'recent'] as const,
};

export type { QuickStats, RecentInvoice, TopClient, UserProfile } from '@remit/contracts';

export const userProfileSchema: z.ZodType<UserProfile> = z.object({
  Name: z.string(),
  Email: z.string(),
  Settings: z.object({
    LogoURL: z.string().nullable(),
    CompanyName: z.string(),
    UserCompanyVAT: z.string().nullable(),
  }),
  Subscription: subscriptionViewSchema.nullable(),
});

const moneyTotalSchema: z.ZodType<MoneyTotal> = z.object({ currency: z.string(), amount: z.number() });

export const quickStatsSchema: z.ZodType<QuickStats> = z.object({
  totalRevenue: z.array(moneyTotalSchema),
  pendingPayments: z.array(moneyTotalSchema),
  activeClients: z.number(),
  totalInvoices: z.number(),
  totalCustomers: z.number(),
});

export const topClientSchema: z.ZodType<TopClient> = z.object({
  ID: z.string(),
  CustomerName: z.string(),
  TotalInvoices: z.number(),
  TotalAmount: z.number(),
  Currency: z.string(),
});

export const recentInvoiceSchema: z.ZodType<RecentInvoice> = z.object({
  id: z.string(),
  InvoiceNumber: z.string(),
  Status: z.enum(['Paid', 'Pending', 'Overdue', 'Draft']),
  IssueDate: z.string(),
  Amount: z.number(),
  Currency: z.string(),
});

/** A paid block's answer: its data, or `locked` when the server asks for a subscription (402). */
export type Gated<T> = { locked: true } | { locked: false; data: T };

async function gated<T>(load: () => Promise<T>): Promise<Gated<T>> {
  try {
    return { locked: false, data: await load() };
  } catch (error) {
    if (error instanceof ApiError && error.status === 402) return { locked: true };
    throw error;
  }
}

export function fetchProfile(signal?: AbortSignal): Promise<UserProfile> {
  return request('GET', '/settings/profile', { schema: userProfileSchema, signal });
}

export function fetchProfileSettings(signal?: AbortSignal): Promise<UserSettings> {
  return request<UserSettings>('GET', '/settings', { signal });
}

export function fetchQuickStats(signal?: AbortSignal): Promise<Gated<QuickStats>> {
  const schema = z.object({ stats: quickStatsSchema });
  return gated(async () => (await request('GET', '/settings/quick-stats', { schema, signal })).stats);
}

export function fetchTopClients(signal?: AbortSignal): Promise<Gated<TopClient[]>> {
  const schema = z.object({ clients: z.array(topClientSchema) });
  return gated(async () => (await request('GET', '/customers/top', { schema, signal })).clients);
}

export function fetchRecentInvoices(signal?: AbortSignal): Promise<Gated<RecentInvoice[]>> {
  const schema = z.object({ invoices: z.array(recentInvoiceSchema) });
  return gated(async () => (await request('GET', '/invoices/recent', { schema, signal })).invoices);
}

export type LogoChange = { kind: 'keep' } | { kind: 'replace'; file: File } | { kind: 'remove' };

/**
 * `PUT /settings`: JSON, plus `removeLogo: true` to drop the logo; with a new logo it is multipart
 * (`settings` = the same JSON, `logo` = the file).
 */
export async function updateProfile(
  settings: Omit<ProfileUpdateInput, 'removeLogo'>,
  logo: LogoChange,
  idempotencyKey?: string,
): Promise<void> {
  if (logo.kind === 'replace') {
    const form = new FormData();
    form.set('settings', JSON.stringify(settings));
    form.set('logo', logo.file);
    await request('PUT', '/settings', { form, idempotencyKey });
    return;
  }
  const body = logo.kind === 'remove' ? { ...settings, removeLogo: true } : settings;
  await request('PUT', '/settings', { body, idempotencyKey });
}
