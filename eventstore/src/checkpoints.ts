import { asc, eq, inArray, sql } from 'drizzle-orm';
import { type Database, rowsOf } from './database.js';
import { START } from './read.js';
import { checkpoints, events } from './schema.js';
import type { LogCheckpoint } from './types.js';
import { toWatch, type WriterWatch, watchWritersColumns } from './writer-guard.js';

export async function readCheckpoint(db: Database, name: string): Promise<LogCheckpoint> {
  const [row] = await db
    .select({ txId: checkpoints.txId, position: checkpoints.position })
    .from(checkpoints)
    .where(eq(checkpoints.name, name));
  return row ?? START;
}

/**
 * Reads the checkpoint and holds its row until the transaction ends, so two processes running the
 * same subscription take turns instead of applying a batch twice.
 */
export async function lockCheckpoint(tx: Database, name: string): Promise<LogCheckpoint> {
  await tx.insert(checkpoints).values({ name }).onConflictDoNothing();
  const [row] = await tx
    .select({ txId: checkpoints.txId, position: checkpoints.position })
    .from(checkpoints)
    .where(eq(checkpoints.name, name))
    .for('update');
  return row ?? START;
}

export async function saveCheckpoint(tx: Database, name: string, checkpoint: LogCheckpoint): Promise<void> {
  await tx
    .update(checkpoints)
    .set({ txId: checkpoint.txId, position: checkpoint.position, updatedAt: sql`now()` })
    .where(eq(checkpoints.name, name));
}

export async function deleteCheckpoint(db: Database, name: string): Promise<void> {
  await db.delete(checkpoints).where(eq(checkpoints.name, name));
}

/**
 * Whether every one of these subscriptions' checkpoints is at or past the event at this position, asked
 * in one statement however many there are (a read waiting on its writes asks for every read model).
 */
export async function isApplied(db: Database, names: readonly string[], position: bigint): Promise<boolean> {
  const unique = [...new Set(names)];
  // Position 0 is before the first event: every read model has applied it.
  if (position <= 0n || unique.length === 0) return true;
  const rows = rowsOf<{ applied: boolean }>(
    await db.execute(sql`select true as applied from ${events} e where e.position = ${position}
      and (select count(*) from ${checkpoints} c where c.name in ${unique}
        and (e.tx_id, e.position) <= (c.tx_id, c.position)) = ${unique.length}`),
  );
  return rows.length > 0;
}

/** Several subscriptions' checkpoints in one read; a name with no row is at the start. */
async function readCheckpoints(db: Database, names: string[]): Promise<Map<string, LogCheckpoint>> {
  const rows = await db
    .select({ name: checkpoints.name, txId: checkpoints.txId, position: checkpoints.position })
    .from(checkpoints)
    .where(inArray(checkpoints.name, names));
  const at = new Map<string, LogCheckpoint>(names.map((name) => [name, START]));
  for (const row of rows) at.set(row.name, { txId: row.txId, position: row.position });
  return at;
}

/**
 * Several checkpoints, and on PostgreSQL in the same statement the first half of the log guard (who may
 * be writing events now), so a subscription's look costs no extra round trip. The log query that uses
 * the watch must come after this statement.
 */
export async function readCheckpointsWatching(
  db: Database,
  names: string[],
  serial: boolean,
): Promise<{ at: Map<string, LogCheckpoint>; watch: WriterWatch }> {
  if (serial) return { at: await readCheckpoints(db, names), watch: 'serial' };
  const list = `{${names.map((name) => `"${name.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  const rows = rowsOf<{
    xmax: string;
    writers: string[];
    name: string | null;
    tx_id: string | null;
    position: string | null;
  }>(
    await db.execute(sql`select ${watchWritersColumns}, c.name, c.tx_id::text as tx_id, c.position::text as position
    from (select 1) as one left join ${checkpoints} c on c.name = any(${list}::text[])`),
  );
  const at = new Map<string, LogCheckpoint>(names.map((name) => [name, START]));
  for (const row of rows) {
    if (row.name !== null) at.set(row.name, { txId: BigInt(row.tx_id!), position: BigInt(row.position!) });
  }
  return { at, watch: toWatch(rows[0]!) };
}

/**
 * Reads several checkpoints and holds their rows until the transaction ends (in name order, so two
 * processes locking the same set cannot deadlock). Missing rows (a new subscription, a reset) are
 * made first, so there is always a row to hold.
 */
export async function lockCheckpoints(tx: Database, names: string[]): Promise<Map<string, LogCheckpoint>> {
  const select = () =>
    tx
      .select({ name: checkpoints.name, txId: checkpoints.txId, position: checkpoints.position })
      .from(checkpoints)
      .where(inArray(checkpoints.name, names))
      .orderBy(asc(checkpoints.name))
      .for('update');
  let rows = await select();
  if (rows.length < names.length) {
    await tx
      .insert(checkpoints)
      .values(names.map((name) => ({ name })))
      .onConflictDoNothing();
    rows = await select();
  }
  const found = new Map<string, LogCheckpoint>(names.map((name) => [name, START]));
  for (const row of rows) found.set(row.name, { txId: row.txId, position: row.position });
  return found;
}

/**
 * Moves several checkpoints forward to `to` in one statement, creating missing rows; a checkpoint
 * already past `to` (another process got there first) stays where it is.
 */
export async function advanceCheckpoints(db: Database, names: string[], to: LogCheckpoint): Promise<void> {
  await db
    .insert(checkpoints)
    .values(names.map((name) => ({ name, txId: to.txId, position: to.position })))
    .onConflictDoUpdate({
      target: checkpoints.name,
      set: { txId: sql`excluded.tx_id`, position: sql`excluded.position`, updatedAt: sql`now()` },
      setWhere: sql`(${checkpoints.txId}, ${checkpoints.position}) < (excluded.tx_id, excluded.position)`,
    });
}

/** Whether the event lies after the checkpoint in log order. */
export const isAfter = (event: { txId: bigint; position: bigint }, checkpoint: LogCheckpoint): boolean =>
  event.txId > checkpoint.txId || (event.txId === checkpoint.txId && event.position > checkpoint.position);
