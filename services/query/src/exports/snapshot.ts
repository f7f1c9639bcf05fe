import {
  type ChainHead,
  type Database,
  events,
  readChainHead,
  rowsOf,
  type StoredEvent,
} from '@remit/eventstore';
import { and, asc, type SQL, sql } from 'drizzle-orm';

/**
 * The log as one export reads it (D-261): the events linked into the tamper-evident chain at links 1 … `head`. That
 * set never changes once linked (the chain only grows, D-250), so every page an export reads, however long it
 * streams and whatever is written meanwhile, comes from the same state, without holding a transaction open (the
 * embedded store has one connection; a ten-minute archive must not stop the app). The manifest names the head, so
 * an auditor can later check it against `npm run verify`.
 */
export interface LogSnapshot {
  head: ChainHead | null;
  /** Events written before the export began that were not linked in time, so not in it (normally 0). */
  unlinked: number;
  /** The owner's linked events matching `where`, in `order`; `limit` rows at most. */
  read(where: SQL, order?: SQL[], limit?: number): Promise<StoredEvent[]>;
  /** Small projections of the owner's linked events (ids, dates, numbers): `columns` over `where`. */
  select<Row extends Record<string, unknown>>(columns: SQL, where: SQL, order: SQL): Promise<Row[]>;
}

/** How long an export waits for the chain's keeper to link what was written before it began (~200 ms usually). */
const LINK_WAIT_MS = 3_000;
const POLL_MS = 50;

export async function openSnapshot(
  db: Database,
  userId: string,
  waitMs = LINK_WAIT_MS,
): Promise<LogSnapshot> {
  const deadline = Date.now() + waitMs;
  const [last] = rowsOf<{ position: string | null }>(
    await db.execute(sql`select max(position)::text as position from events`),
  );
  const lastPosition = last?.position ?? '0';
  let head = await readChainHead(db);
  let unlinked = await countUnlinked(db, head, lastPosition);
  while (unlinked > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    head = await readChainHead(db);
    unlinked = await countUnlinked(db, head, lastPosition);
  }
  const link = (head?.seq ?? 0n).toString();
  const linked = sql`exists (select 1 from event_chain c where c.position = ${events.position}
    and c.seq <= ${link}::bigint)`;
  const owned = sql`${events.data}->>'userId' = ${userId}`;
  return {
    head,
    unlinked,
    async read(where, order = [asc(events.streamId), asc(events.version)], limit) {
      const query = db
        .select()
        .from(events)
        .where(and(owned, linked, where))
        .orderBy(...order);
      const rows = limit === undefined ? await query : await query.limit(limit);
      return rows.map((row) => ({ ...row, metadata: row.metadata ?? {} }));
    },
    async select<Row extends Record<string, unknown>>(columns: SQL, where: SQL, order: SQL) {
      return rowsOf<Row>(
        await db.execute(sql`select ${columns} from ${events} where ${owned} and ${linked} and ${where}
          order by ${order}`),
      );
    },
  };
}

/** Events at or below `lastPosition` that come after the chain's head in the readers' order: not linked yet. */
async function countUnlinked(db: Database, head: ChainHead | null, lastPosition: string): Promise<number> {
  const after = head
    ? sql`(tx_id, position) > (${head.txId.toString()}::xid8, ${head.position.toString()}::bigint)`
    : sql`true`;
  const [row] = rowsOf<{ count: string }>(
    await db.execute(
      sql`select count(*)::text as count from events where ${after} and position <= ${lastPosition}::bigint`,
    ),
  );
  return Number(row?.count ?? 0);
}
