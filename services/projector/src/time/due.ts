import { addDays, reminderOffsetChoices } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { readModels } from '@remit/readmodels';
import { and, asc, eq, isNotNull, lt, lte, sql } from 'drizzle-orm';

/** What the time process looks for on each tick, as read models answer it; process.ts decides and records. */

const { invoiceCollection, invoiceCredits, invoiceReminders, reminderSettings, users } = readModels;

/** Invoices looked at per kind of work and tick; the rest wait for the next tick. */
export const BATCH = 200;
/** Invoices marked overdue per transaction (one batch of the overdue job). */
export const OVERDUE_BATCH = 500;
const EARLIEST_OFFSET = Math.min(...reminderOffsetChoices);

/**
 * Open invoices past their due date not yet marked overdue, the oldest due first, with their owner (one query,
 * on the partial index `invoice_collection_overdue_due`: with nothing due it reads no row).
 */
export function overdueInvoices(
  db: Database,
  today: string,
  limit = OVERDUE_BATCH,
  after: { dueDate: string; invoiceId: string } | null = null,
) {
  return db
    .select({
      invoiceId: invoiceCollection.invoiceId,
      userId: invoiceCollection.userId,
      dueDate: invoiceCollection.dueDate,
      notify: sql<boolean>`coalesce(${reminderSettings.notifyOverdue}, true)`,
      ownerEmail: users.email,
      ownerName: users.name,
    })
    .from(invoiceCollection)
    .leftJoin(reminderSettings, eq(reminderSettings.userId, invoiceCollection.userId))
    .leftJoin(users, eq(users.id, invoiceCollection.userId))
    .leftJoin(invoiceCredits, eq(invoiceCredits.invoiceId, invoiceCollection.invoiceId))
    .where(
      and(
        eq(invoiceCollection.voided, false),
        eq(invoiceCollection.overdue, false),
        lt(invoiceCollection.amountPaid, invoiceCollection.total),
        lt(invoiceCollection.dueDate, today),
        // Credited down to nothing owed (D-205): never overdue, so never looked at again.
        sql`coalesce(${invoiceCredits.fullyCredited}, false) = false`,
        after
          ? sql`(${invoiceCollection.dueDate}, ${invoiceCollection.invoiceId}) > (${after.dueDate}, ${after.invoiceId})`
          : undefined,
      ),
    )
    .orderBy(asc(invoiceCollection.dueDate), asc(invoiceCollection.invoiceId))
    .limit(limit);
}

/** Open invoices with reminders on whose next reminder day has come, the oldest due first. */
export async function remindersDue(db: Database, today: string) {
  const rows = await db
    .select({
      invoiceId: invoiceCollection.invoiceId,
      userId: invoiceCollection.userId,
      issueDate: invoiceCollection.issueDate,
      dueDate: invoiceCollection.dueDate,
      offsets: reminderSettings.reminderOffsets,
      lastReminder: invoiceReminders.lastReminder,
    })
    .from(invoiceCollection)
    .innerJoin(
      reminderSettings,
      and(eq(reminderSettings.userId, invoiceCollection.userId), eq(reminderSettings.remindersEnabled, true)),
    )
    .leftJoin(invoiceReminders, eq(invoiceReminders.invoiceId, invoiceCollection.invoiceId))
    .where(
      and(
        eq(invoiceCollection.voided, false),
        lt(invoiceCollection.amountPaid, invoiceCollection.total),
        lte(invoiceCollection.dueDate, addDays(today, -EARLIEST_OFFSET)),
        sql`coalesce(${invoiceReminders.remindersOff}, false) = false`,
      ),
    )
    .orderBy(asc(invoiceCollection.dueDate));
  return rows.filter((row) =>
    row.offsets.some((offset) => {
      const day = addDays(row.dueDate, offset);
      return day <= today && day >= row.issueDate && offset > (row.lastReminder ?? -Infinity);
    }),
  );
}

/** First views of a customer page not yet told to the owner. */
export function firstViewsToNotify(db: Database) {
  return db
    .select({
      invoiceId: invoiceReminders.invoiceId,
      userId: invoiceReminders.userId,
      firstViewedAt: invoiceReminders.firstViewedAt,
      notify: sql<boolean>`coalesce(${reminderSettings.notifyFirstView}, true)`,
    })
    .from(invoiceReminders)
    .leftJoin(reminderSettings, eq(reminderSettings.userId, invoiceReminders.userId))
    .where(and(eq(invoiceReminders.firstViewReserved, false), isNotNull(invoiceReminders.firstViewedAt)))
    .limit(BATCH);
}
