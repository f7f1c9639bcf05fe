import { sql } from 'drizzle-orm';

/**
 * The visibility guard that waits only on writers of events (see docs/decisions.md, "Scale out").
 *
 * Every transaction that inserts into `events` first takes a shared advisory lock K, before it has a
 * transaction id. A reader first reads, in one statement, the transaction ids of K's holders and the
 * xmax of that statement's snapshot (`watchWritersSql`); then, in its log query's own later snapshot,
 * it reads only below the oldest transaction still running that is one of those holders or got its id
 * after that first read (`horizonSql`). A transaction below that horizon and still running cannot be
 * writing events: it had its id before the first read without holding K then (and K comes before any
 * id). So an unrelated long transaction no longer holds projections back, and a slow event writer
 * still does (it lags, it never skips).
 */

/** The advisory-lock space of Remit's locks ('REMI'); the second key is the schema's hash. */
export const WRITER_LOCK_SPACE = 0x52454d49;

/** The second key: one K per schema, so test suites sharing a database do not hold each other. */
const writerLockKey = 'hashtext(current_schema())';

/** The first statement of every transaction that inserts into `events` (raw clients, fixtures). */
export const takeWriterLockSql = `select pg_advisory_xact_lock_shared(${WRITER_LOCK_SPACE}, ${writerLockKey})`;

/** The same as an expression, for a CTE that must run before an insert in one statement. */
export const writerLockExpression = `pg_advisory_xact_lock_shared(${WRITER_LOCK_SPACE}, ${writerLockKey})`;

/**
 * What a reader saw of event writers before its log query: the ids (as 32-bit xids in text) of the
 * transactions holding K, and the snapshot's xmax at that moment (an xid8 in text). On PGlite, which
 * runs one transaction at a time, there is nothing to watch and the guard is the snapshot's xmin.
 */
export type WriterWatch = { xmax: string; writers: string[] } | 'serial';

/**
 * Columns `xmax` and `writers` for the first read. `pg_stat_activity.backend_xid` is the holder's live
 * transaction id; `pg_current_snapshot()` is this statement's snapshot, taken before the lock table is
 * read, so a writer that got its id after that has an id at or above `xmax`.
 */
export const watchWritersColumns = sql.raw(`pg_snapshot_xmax(pg_current_snapshot())::text as xmax,
  coalesce((select array_agg(a.backend_xid::text)
     from pg_locks l join pg_stat_activity a on a.pid = l.pid
    where l.locktype = 'advisory' and l.classid = ${WRITER_LOCK_SPACE}::oid
      and l.objid = (${writerLockKey})::oid and l.objsubid = 2
      and a.backend_xid is not null), '{}'::text[]) as writers`);

/** The horizon of a log query: below it every transaction that may write events has finished. */
export function horizonSql(watch: WriterWatch | 'settings') {
  if (watch === 'serial') return sql`pg_snapshot_xmin(pg_current_snapshot())`;
  const [writers, xmax] =
    watch === 'settings'
      ? [sql.raw(`current_setting('${WATCH_WRITERS}')`), sql.raw(`current_setting('${WATCH_XMAX}')`)]
      : [sql`${`{${watch.writers.join(',')}}`}`, sql`${watch.xmax}`];
  // xip holds xid8s; the holders' ids are 32-bit xids, whose low 32 bits they match (the running
  // transactions of one moment span far less than 2^32 ids).
  return sql`coalesce((select min(x) from pg_snapshot_xip(pg_current_snapshot()) as x
     where (x::text::bigint % 4294967296) = any(${writers}::bigint[])
        or x >= ${xmax}::xid8), pg_snapshot_xmax(pg_current_snapshot()))`;
}

/**
 * Where a first statement leaves its watch for a log query sent in the same message (read.ts,
 * `readCheckpointsAndLog`): transaction-local settings, gone when the message's implicit transaction ends.
 */
export const WATCH_XMAX = 'remit.watch_xmax';
export const WATCH_WRITERS = 'remit.watch_writers';

export function toWatch(row: { xmax: unknown; writers: unknown }): WriterWatch {
  const writers = Array.isArray(row.writers) ? row.writers.map(String) : parseTextArray(String(row.writers));
  return { xmax: String(row.xmax), writers };
}

function parseTextArray(value: string): string[] {
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',');
}
