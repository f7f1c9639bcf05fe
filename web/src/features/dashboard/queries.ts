import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchHistory, fetchInvoicePreview, listInvoices } from '../../api/invoices';
import { invoiceKeys, onlinePaymentKeys, type PageCursor } from '../../api/keys';
import { fetchOnlinePayments } from '../../api/onlinePayments';
import { fetchCollection } from '../../api/payments';
import { wait } from '../../lib/format';

/** Spec §9. */
const PAGE_SIZE = 15;
const DASHBOARD_DELAY_MS = 400;

/** One dashboard page; cached (and persisted to IndexedDB) so the list reads offline. */
export function invoiceListQuery(
  page: number,
  search: string,
  status = '',
  cursor: PageCursor | null = null,
) {
  return queryOptions({
    queryKey: invoiceKeys.list(page, search, status, cursor),
    queryFn: async ({ signal }) => {
      const [answer] = await Promise.all([
        listInvoices(
          { page, limit: PAGE_SIZE, search: search || undefined, status: status || undefined, ...cursor },
          signal,
        ),
        wait(DASHBOARD_DELAY_MS),
      ]);
      return answer;
    },
    placeholderData: keepPreviousData,
  });
}

export function historyQuery(id: string) {
  return queryOptions({
    queryKey: invoiceKeys.history(id),
    queryFn: ({ signal }) => fetchHistory(id, signal),
    staleTime: 0,
  });
}

export function invoicePreviewQuery(id: string) {
  return queryOptions({
    queryKey: invoiceKeys.preview(id),
    queryFn: ({ signal }) => fetchInvoicePreview(id, signal),
    meta: { persist: false },
  });
}

/** Payments, balance, reminders and whether a share link is active: the Payments and Share tabs' query. */
export function collectionQuery(id: string) {
  return queryOptions({
    queryKey: invoiceKeys.collection(id),
    queryFn: ({ signal }) => fetchCollection(id, signal),
    meta: { persist: false },
  });
}

/** The status filter's value that lists credit notes instead of invoices (issue 27). */
export const CREDIT_NOTES_FILTER = 'credit_notes';

/** How often the dashboard asks again while customers can pay online (a payment lands by itself). */
export const ONLINE_PAYMENTS_REFRESH_MS = 5_000;

/** Whether the owner takes online payments (issue 31); /profile's card reads the same cache. */
export function onlinePaymentsQuery() {
  return queryOptions({
    queryKey: onlinePaymentKeys.status,
    queryFn: ({ signal }) => fetchOnlinePayments(signal),
    staleTime: 60_000,
  });
}

/** The status filter's values that list quotes in a state instead of invoices (issue 33): `quotes:Accepted`. */
export const QUOTES_FILTER_PREFIX = 'quotes:';
