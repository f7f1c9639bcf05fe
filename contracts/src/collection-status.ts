// The collection statuses and their labels, without zod: the dashboard's list shows them on its first
// screen, which does not load zod's full API (collection-api.ts re-exports them beside its schemas).

/**
 * One collection status per invoice (docs/decisions.md, "Getting paid"), derived when read since Draft
 * and Overdue depend on today: Void; Refund due when a credit left the customer paid more than they owe;
 * Credited when fully credited and nothing stands paid; Paid when what stands paid reaches what is owed; Draft
 * while the issue date is ahead; Overdue once the due date passed with a balance; Partially paid; else
 * Outstanding.
 */
export const collectionStatuses = [
  'draft',
  'outstanding',
  'partially_paid',
  'paid',
  'overdue',
  'void',
  'credited',
  'refund_due',
] as const;
export type CollectionStatus = (typeof collectionStatuses)[number];

export const collectionStatusLabels: Record<CollectionStatus, string> = {
  draft: 'Draft',
  outstanding: 'Outstanding',
  partially_paid: 'Partially paid',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
  credited: 'Credited',
  refund_due: 'Refund due',
};

export interface CollectionFigures {
  total: number;
  amountPaid: number;
  voided: boolean;
  issueDate: string;
  dueDate: string;
  /** Credit notes' gross total, refunds paid back, and whether nothing is left to credit (issue 27). */
  credited?: number;
  refunded?: number;
  fullyCredited?: boolean;
}

/** What is owed in all (total less credits; nothing once fully credited) and what stands paid after refunds. */
export function owedAndKept(invoice: CollectionFigures): { owed: number; kept: number } {
  const credited = invoice.credited ?? 0;
  const owed = invoice.fullyCredited ? 0 : Math.max(0, invoice.total - credited);
  return { owed, kept: invoice.amountPaid - (invoice.refunded ?? 0) };
}

/** The status of an invoice on `today` (yyyy-mm-dd, UTC). The query service's SQL mirrors this order. */
export function collectionStatusOf(invoice: CollectionFigures, today: string): CollectionStatus {
  if (invoice.voided) return 'void';
  const { owed, kept } = owedAndKept(invoice);
  // A credit note made the customer's payments more than they owe: the difference goes back to them.
  if ((invoice.credited ?? 0) > 0 && kept > owed) return 'refund_due';
  if (invoice.fullyCredited && kept <= 0) return 'credited';
  if (kept >= owed) return 'paid';
  if (invoice.issueDate > today) return 'draft';
  if (invoice.dueDate < today) return 'overdue';
  if (kept > 0) return 'partially_paid';
  return 'outstanding';
}
