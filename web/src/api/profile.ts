import {
  type ProfileUpdateInput,
  type QuickStats,
  quickStatsAnswerSchema,
  type RecentInvoice,
  recentInvoicesAnswerSchema,
  type TopClient,
  topClientsAnswerSchema,
  type UserProfile,
  type UserSettings,
  userProfileSchema,
  userSettingsSchema,
} from '@remit/contracts';
import { queryOptions } from '@tanstack/react-query';
import { request } from './client';
import { ApiError } from './errors';
import { settingsKeys } from './keys';

/**
 * The profile screen's calls (spec §7 Settings and profile; docs/api.md): the profile, the settings
 * it edits, and the three paid blocks, which answer 402 to a user who is not subscribed.
 */

export type { QuickStats, RecentInvoice, TopClient, UserProfile } from '@remit/contracts';

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

function fetchSettings(signal?: AbortSignal): Promise<UserSettings> {
  return request('GET', '/settings', { schema: userSettingsSchema, signal });
}

/** `GET /settings`, cached once: the profile form and the wizard's defaults read the same entry. */
export const settingsQuery = queryOptions({
  queryKey: settingsKeys.values,
  queryFn: ({ signal }) => fetchSettings(signal),
  staleTime: 60_000,
});

export function fetchQuickStats(signal?: AbortSignal): Promise<Gated<QuickStats>> {
  const schema = quickStatsAnswerSchema;
  return gated(async () => (await request('GET', '/settings/quick-stats', { schema, signal })).stats);
}

export function fetchTopClients(signal?: AbortSignal): Promise<Gated<TopClient[]>> {
  const schema = topClientsAnswerSchema;
  return gated(async () => (await request('GET', '/customers/top', { schema, signal })).clients);
}

export function fetchRecentInvoices(signal?: AbortSignal): Promise<Gated<RecentInvoice[]>> {
  const schema = recentInvoicesAnswerSchema;
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
