import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  bankKeys,
  billingKeys,
  clientKeys,
  creditNoteKeys,
  customerKeys,
  draftKeys,
  invoiceKeys,
  itemKeys,
  paymentMethodKeys,
  publicQuoteKeys,
  quoteKeys,
  recurringKeys,
  settingsKeys,
} from './keys';

/**
 * What each kind of change makes stale: the one place that knows which caches a command touches, so a
 * screen never shows what an action of the user's (or a subscription change seen by the guard) replaced.
 * No other module calls `invalidateQueries` (web/src/api/cacheNames.test.ts checks it).
 */
const staleAfter: Record<
  | 'invoices'
  | 'drafts'
  | 'settings'
  | 'documentSeries'
  | 'paymentMethods'
  | 'subscription'
  | 'clients'
  | 'items'
  | 'bank'
  | 'quotes'
  | 'recurring',
  readonly QueryKey[]
> = {
  /** An unissued draft saved, discarded, made by Duplicate, or issued (issue 27). */
  drafts: [draftKeys.all],
  /** Issue, revise (the edit form too: `invoiceKeys.all`), delete, or bought one-time: a client's balance too. */
  invoices: [invoiceKeys.all, customerKeys.all, settingsKeys.quickStats, clientKeys.all],
  /** Company profile and logo: the wizard's defaults read them too. */
  settings: [settingsKeys.all],
  /** A series' prefix or next number changed: what /profile shows of it. */
  documentSeries: [settingsKeys.documentSeries],
  paymentMethods: [paymentMethodKeys.list],
  /** A client created, changed, archived or imported: the lists and its page. */
  clients: [clientKeys.all],
  items: [itemKeys.all],
  /** A quote made, changed, sent, shared, answered, deleted or converted (issue 33): its lists, page and History. */
  quotes: [quoteKeys.all, publicQuoteKeys.all],
  /** A recurring profile created, changed, paused, resumed or deleted (issue 33): its list and its page. */
  recurring: [recurringKeys.all],
  /**
   * A statement imported or a bank transaction matched or ignored: the Bank screen, and the invoices its
   * payments settled (their lists, balances and histories).
   */
  bank: [bankKeys.all, invoiceKeys.all, customerKeys.all, settingsKeys.quickStats, clientKeys.all],
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

/** What a command about one invoice makes stale, beside the lists every invoice change reaches. */
const staleAfterInvoice: Record<
  'payment' | 'sent' | 'shared' | 'reminders' | 'downloaded' | 'credited',
  (id: string) => QueryKey[]
> = {
  /** A payment recorded, reversed or marked, or the invoice voided: lists and totals. */
  payment: (id) => [...staleAfter.invoices, invoiceKeys.collection(id)],
  /** Sent by e-mail: its history and its row's status. */
  sent: (id) => [
    invoiceKeys.history(id),
    invoiceKeys.collection(id),
    invoiceKeys.lists,
    invoiceKeys.form(id),
  ],
  /** A share link made or stopped: whether one is active, and the history. */
  shared: (id) => [invoiceKeys.collection(id), invoiceKeys.history(id), invoiceKeys.form(id)],
  reminders: (id) => [invoiceKeys.collection(id), invoiceKeys.history(id)],
  /** A credit note issued (issue 27): balance, status, totals, history, and the credit notes. */
  credited: (id) => [
    ...staleAfter.invoices,
    creditNoteKeys.all,
    invoiceKeys.collection(id),
    invoiceKeys.history(id),
    invoiceKeys.form(id),
  ],
  /** Downloaded by the owner (issue 27): it is final now, and its history says so. */
  downloaded: (id) => [invoiceKeys.form(id), invoiceKeys.history(id)],
};

export type InvoiceChange = keyof typeof staleAfterInvoice;

function invalidate(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  const unique = new Map(keys.map((key) => [JSON.stringify(key), key]));
  return Promise.all(
    [...unique.values()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => {});
}

/** Marks every cache a change makes stale; the ones on screen refetch at once. */
export function invalidateAfter(queryClient: QueryClient, ...changes: Change[]): Promise<void> {
  return invalidate(
    queryClient,
    changes.flatMap((change) => staleAfter[change]),
  );
}

/** Marks every cache a command about invoice `id` makes stale. */
export function invalidateAfterInvoice(
  queryClient: QueryClient,
  id: string,
  change: InvoiceChange,
): Promise<void> {
  return invalidate(queryClient, staleAfterInvoice[change](id));
}

/** Every cache: after this device's data was removed, each screen asks the server again. */
export function invalidateEverything(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}

/**
 * A cached answer restored from this device that a command changed after it was written (D-391): shown, but
 * asked again on first use, whatever its age. Nothing is fetched now.
 */
export function markRestoredStale(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  return queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
}
