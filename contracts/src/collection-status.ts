// The collection statuses and their labels, without zod: the dashboard's list shows them on its first
// screen, which does not load zod's full API (collection-api.ts re-exports them beside its schemas).

/**
 * One collection status per invoice (docs/decisions.md, "Getting paid"), derived when read since Draft
 * and Overdue depend on today: Void; Paid when what stands paid reaches the total; Draft while the issue
 * date is ahead; Overdue once the due date passed with a balance; Partially paid; else Outstanding.
 */
export const collectionStatuses = [
  'draft',
  'outstanding',
  'partially_paid',
  'paid',
  'overdue',
  'void',
] as const;
export type CollectionStatus = (typeof collectionStatuses)[number];

export const collectionStatusLabels: Record<CollectionStatus, string> = {
  draft: 'Draft',
  outstanding: 'Outstanding',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};

export interface CollectionFigures {
  total: number;
  amountPaid: number;
  voided: boolean;
  issueDate: string;
  dueDate: string;
}

/** The status of an invoice on `today` (yyyy-mm-dd, UTC). The query service's SQL mirrors this order. */
export function collectionStatusOf(invoice: CollectionFigures, today: string): CollectionStatus {
  if (invoice.voided) return 'void';
  if (invoice.amountPaid >= invoice.total) return 'paid';
  if (invoice.issueDate > today) return 'draft';
  if (invoice.dueDate < today) return 'overdue';
  if (invoice.amountPaid > 0) return 'partially_paid';
  return 'outstanding';
}
