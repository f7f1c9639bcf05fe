import type { InvoiceDraft } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { AppError } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { and, desc, eq } from 'drizzle-orm';

const { invoiceDrafts } = readModels;

/** A user keeps a handful of drafts; the list is bounded all the same. */
const LIST_LIMIT = 500;

type DraftRow = typeof invoiceDrafts.$inferSelect;

const toDraft = (row: DraftRow): InvoiceDraft => ({
  id: row.id,
  form: row.form,
  version: row.version,
  duplicateOf: row.duplicateOf,
  updatedAt: row.updatedAt.toISOString(),
});

/** The user's unissued drafts (issue 27, D-225), the most recently saved first. */
export async function listDrafts(db: Database, userId: string): Promise<InvoiceDraft[]> {
  const rows = await db
    .select()
    .from(invoiceDrafts)
    .where(and(eq(invoiceDrafts.userId, userId), eq(invoiceDrafts.closed, false)))
    .orderBy(desc(invoiceDrafts.updatedAt), desc(invoiceDrafts.id))
    .limit(LIST_LIMIT);
  return rows.map(toDraft);
}

/** One of the user's drafts; another user's, a discarded or an issued one is not found. */
export async function findDraft(db: Database, userId: string, draftId: string): Promise<InvoiceDraft> {
  const [row] = await db
    .select()
    .from(invoiceDrafts)
    .where(
      and(eq(invoiceDrafts.id, draftId), eq(invoiceDrafts.userId, userId), eq(invoiceDrafts.closed, false)),
    )
    .limit(1);
  if (!row) throw new AppError('not_found', 'Draft not found');
  return toDraft(row);
}
