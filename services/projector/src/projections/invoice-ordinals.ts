import type { Database } from '@remit/eventstore';
import { readModels } from '@remit/readmodels';
import { and, eq, gt, type SQL, sql } from 'drizzle-orm';

const { invoices } = readModels;

/**
 * The invoice list's kept ordinals (D-420): each live invoice's place among its user's, oldest first, 1 … n with
 * no gaps, in the list's order (issue position, then id). A new invoice is issued after every listed one, so it
 * takes the next number; a deletion moves every newer invoice of that user down by one. Numbers depend only on
 * which invoices are live, so a re-delivery, a batch of any size and a rebuild all end in the same numbers.
 */

/** A new invoice's ordinal, read in its own insert: one more than the user's highest. */
export const nextOrdinal = (userId: string): SQL<number> =>
  sql`(select coalesce(max(o.ordinal), 0) + 1 from invoices o where o.user_id = ${userId})`;

/** Deletes the user's invoice and closes the gap it leaves; nothing when it is not there (a re-delivery). */
export async function deleteNumbered(db: Database, userId: string, invoiceId: string): Promise<void> {
  const [gone] = await db
    .delete(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)))
    .returning({ ordinal: invoices.ordinal });
  if (!gone) return;
  await db
    .update(invoices)
    .set({ ordinal: sql`${invoices.ordinal} - 1` })
    .where(and(eq(invoices.userId, userId), gt(invoices.ordinal, gone.ordinal)));
}

/** A batch's new rows carry this until `renumber` gives them their place. */
export const UNNUMBERED = 0;

/** A batch's new row numbered in its own insert (`numberedInInsert`): its user has no deletion in the batch. */
const NUMBER_IN_INSERT = -1;

/**
 * The batch's new rows of users with no deletion in it are numbered in the rows' insert, not by `renumber`
 * (D-600): the user's highest ordinal before the insert (the statement's snapshot) plus the row's place among
 * the user's new rows in list order, what `renumber` would give them with no floor. Marks those rows and
 * takes their users out of `floors`; the expression for the insert's `ordinal` (over its record `k`), or
 * undefined when no row is numbered so. Only where the rows go in one insert (`limit`, its rows a statement):
 * a later statement's highest ordinal would count the earlier one's rows whatever their order.
 */
export function numberInInsert<Row extends { userId: string; ordinal: number }>(
  rows: { rows(): Row[]; put(row: Row): void },
  floors: Map<string, number | undefined>,
  limit: number,
): SQL | undefined {
  const all = rows.rows();
  if (all.length > limit) return undefined;
  const fresh = all.filter((row) => row.ordinal === UNNUMBERED && floors.get(row.userId) === undefined);
  if (fresh.length === 0) return undefined;
  for (const row of fresh) {
    rows.put({ ...row, ordinal: NUMBER_IN_INSERT });
    floors.delete(row.userId);
  }
  return sql`case when k."ordinal" = ${NUMBER_IN_INSERT}
    then (select coalesce(max(o.ordinal), 0) from invoices o where o.user_id = k."user_id")
      + row_number() over (partition by k."user_id", k."ordinal" order by k."issued_position", k."id")
    else k."ordinal" end`;
}

/** No deletion in the batch for this user: only the unnumbered rows move. */
const NO_FLOOR = 2_147_483_647;

/**
 * After a batch's rows are written: for each user, the rows from `floor` up (the lowest ordinal a deletion freed)
 * and the batch's new rows are numbered again in list order, after the untouched ones below `floor`. One
 * statement for every user of the batch; only rows whose number changes are written.
 */
export async function renumber(db: Database, floors: Map<string, number | undefined>): Promise<void> {
  if (floors.size === 0) return;
  const users = [...floors].map(([userId, floor]) => ({ user_id: userId, floor: floor ?? NO_FLOOR }));
  await db.execute(sql`
    update invoices i set ordinal = r.n
    from (
      select x.id, b.base + row_number() over (partition by x.user_id order by x.issued_position, x.id) as n
      from json_to_recordset(${JSON.stringify(users)}::json) as f(user_id text, floor int)
      cross join lateral (
        select coalesce(max(o.ordinal), 0) as base from invoices o
        where o.user_id = f.user_id and o.ordinal > ${UNNUMBERED} and o.ordinal < f.floor
      ) b
      join invoices x on x.user_id = f.user_id and (x.ordinal = ${UNNUMBERED} or x.ordinal >= f.floor)
    ) r
    where i.id = r.id and i.ordinal <> r.n`);
}
