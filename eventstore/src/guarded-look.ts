import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { isAfter, readCheckpointsWatching } from './checkpoints.js';
import type { Database } from './database.js';
import { readLog, toStoredEvent } from './read.js';
import { checkpoints, events } from './schema.js';
import type { LogCheckpoint, StoredEvent } from './types.js';
import { horizonSql, WATCH_WRITERS, WATCH_XMAX, watchWritersColumns } from './writer-guard.js';

/**
 * A group's look: its checkpoints, and the log after the one furthest behind, guarded. On PostgreSQL
 * the guard's two statements travel as one message (a multi-statement query, one round trip): the first
 * reads the checkpoints and the watch and leaves the watch and the starting point in transaction-local
 * settings; the second, the log query, reads them back. In a multi-statement query each statement of
 * the implicit transaction (read committed) takes its own snapshot after the one before has finished,
 * which is all the guard asks (writer-guard.ts); and the log is read from exactly the checkpoints
 * returned, as when they were two round trips.
 */
export async function readCheckpointsAndLog(
  db: Database,
  names: string[],
  limit: number,
  serial: boolean,
): Promise<{ at: Map<string, LogCheckpoint>; batch: StoredEvent[] }> {
  if (serial) {
    const { at, watch } = await readCheckpointsWatching(db, names, serial);
    const from = [...at.values()].reduce((low, checkpoint) => (isAfter(low, checkpoint) ? checkpoint : low));
    return { at, batch: await readLog(db, from, limit, watch) };
  }
  const look = sql`with watch as (select ${watchWritersColumns}),
      seen as (select n.name, c.tx_id, c.position
        from unnest(${`{${names.map((name) => `"${name.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]) as n(name)
        left join ${checkpoints} c on c.name = n.name),
      low as (select coalesce(tx_id, '0'::xid8) as tx_id, coalesce(position, 0) as position
        from seen order by 1, 2 limit 1)
    select seen.name, seen.tx_id::text as tx_id, seen.position::text as position,
      set_config(${WATCH_XMAX}, watch.xmax, true) as watch_xmax,
      set_config(${WATCH_WRITERS}, watch.writers::text, true) as watch_writers,
      set_config(${FROM_TX}, low.tx_id::text, true) as from_tx,
      set_config(${FROM_POSITION}, low.position::text, true) as from_position
    from seen, watch, low`;
  const log = db
    .select()
    .from(events)
    .where(
      sql`${events.txId} < ${horizonSql('settings')}
        and (${events.txId}, ${events.position}) > (${sql.raw(`current_setting('${FROM_TX}')::xid8, current_setting('${FROM_POSITION}')::bigint`)})`,
    )
    .orderBy(events.txId, events.position)
    .limit(limit)
    .getSQL();
  const results = (await db.execute(sql.raw(`${inlined(look)};\n${inlined(log)}`))) as unknown as {
    rows: Record<string, unknown>[];
  }[];
  const [seen, logged] = results.map((result) => result.rows) as [
    Record<string, string | null>[],
    Record<string, unknown>[],
  ];
  const at = new Map<string, LogCheckpoint>();
  for (const row of seen) {
    at.set(
      row.name!,
      row.tx_id === null
        ? { txId: 0n, position: 0n }
        : { txId: BigInt(row.tx_id!), position: BigInt(row.position!) },
    );
  }
  return { at, batch: logged.map(toEvent) };
}

const FROM_TX = 'remit.log_from_tx';
const FROM_POSITION = 'remit.log_from_position';

const dialect = new PgDialect();
const columns = Object.entries(getTableColumns(events));

/** A row of the log query, read as Drizzle would have read it. */
function toEvent(row: Record<string, unknown>): StoredEvent {
  const event = Object.fromEntries(
    columns.map(([key, column]) => {
      const value = row[column.name];
      return [key, value === null || value === undefined ? value : column.mapFromDriverValue(value)];
    }),
  ) as typeof events.$inferSelect;
  return toStoredEvent(event);
}

/** The statement with its parameters written in as literals: a multi-statement query takes none. */
function inlined(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)\b/g, (_, index: string) => literal(params[Number(index) - 1]));
}

function literal(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') {
    throw new Error(`cannot write ${typeof value} as a literal`);
  }
  const text = value.toString();
  const quoted = `'${text.replaceAll("'", "''")}'`;
  return text.includes('\\') ? `E${quoted.replaceAll('\\', '\\\\')}` : quoted;
}
