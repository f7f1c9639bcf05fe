import { queryOptions } from '@tanstack/react-query';
import { fetchHistory, fetchInvoicePreview } from '../../api/invoices';
import { invoiceKeys } from '../../api/keys';
import { fetchCollection } from '../../api/payments';

// One invoice's queries, asked by the preview that opens on a click (InvoicePreviewModal and its tabs): apart
// from the list's (queries.ts), so the dashboard's first screen does not load their schemas.

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
