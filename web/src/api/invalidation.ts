import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { billingKeys, customerKeys, invoiceKeys, paymentMethodKeys, settingsKeys } from './keys';

/**
 * What each kind of change makes stale: the one place that knows which caches a command touches, so a
 * screen never shows what an action of the user's (or a subscription change seen by the guard) replaced.
 */
const staleAfter: Record<'invoices' | 'settings' | 'paymentMethods' | 'subscription', readonly QueryKey[]> = {
  /** Issue, revise, delete, or an invoice bought one-time. */
  invoices: [invoiceKeys.all, customerKeys.all, settingsKeys.quickStats],
  /** Company profile and logo: the wizard's defaults read them too. */
  settings: [settingsKeys.all],
  paymentMethods: [paymentMethodKeys.list],
  /**
   * The subscription started, ended, or was cancelled or resumed — here or elsewhere (spec §2: the guard
   * re-checks it on every navigation). Locks, the dot, the paid blocks and the plan all follow it.
   */
  subscription: [
    billingKeys.all,
    invoiceKeys.all,
    customerKeys.top,
    settingsKeys.profile,
    settingsKeys.quickStats,
  ],
};

export type Change = keyof typeof staleAfter;

/** Marks every cache a change makes stale; the ones on screen refetch at once. */
export function invalidateAfter(queryClient: QueryClient, ...changes: Change[]): Promise<void> {
  const keys = new Set<QueryKey>(changes.flatMap((change) => staleAfter[change]));
  return Promise.all([...keys].map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => {});
}
