import { readEvent } from '@remit/contracts';
import type { Database, StoredEvent } from '@remit/eventstore';
import { sql } from 'drizzle-orm';
import { applyEvents, type Projection } from './projection.js';

export interface TableDifference {
  table: string;
  /** Rows the live table has and the replay does not. */
  onlyLive: number;
  /** Rows the replay produced and the live table lacks. */
  onlyReplayed: number;
  samples: { side: 'live' | 'replayed'; row: Record<string, unknown> }[];
}

export interface ReplayReport {
  projection: string;
  /** Events replayed: the log up to the live projection's own checkpoint. */
  events: number;
  differences: TableDifference[];
}

const BATCH = 1000;
const SCRATCH_SCHEMA = 'remit_replay';

interface EventRow extends Record<string, unknown> {
  position: string;
  tx_id: string;
  stream_id: string;
  version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: Record<string, unknown> | null;
  created_at: string | Date;
}

const rowsOf = <Row>(result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);

/**
 * For auditors (DESIGN §1): rebuilds each read model from the log into fresh tables and compares them
 * with the live ones. It all happens in one repeatable-read transaction that is rolled back, so the
 * live tables, their checkpoint and the log are seen at one instant while the services keep running,
 * and nothing is left behind.
 */
export async function replayProjections(db: Database, projections: Projection[]): Promise<ReplayReport[]> {
  const reports: ReplayReport[] = [];
  for (const projection of projections) {
    reports.push(await replayOne(db, projection));
  }
  return reports;
}

class Rollback extends Error {}

async function replayOne(db: Database, projection: Projection): Promise<ReplayReport> {
  let report: ReplayReport | undefined;
  try {
    await db.transaction(
      async (tx) => {
        const [{ schema: live } = { schema: 'public' }] = rowsOf<{ schema: string }>(
          await tx.execute(sql`select current_schema() as schema`),
        );
        const [checkpoint] = rowsOf<{ tx_id: string; position: string }>(
          await tx.execute(
            sql`select tx_id::text, position::text from checkpoints where name = ${projection.name}`,
          ),
        );
        await tx.execute(sql.raw(`create schema if not exists "${SCRATCH_SCHEMA}"`));
        for (const table of projection.tables) {
          await tx.execute(
            sql.raw(`create table "${SCRATCH_SCHEMA}"."${table}" (like "${live}"."${table}" including all)`),
          );
        }
        // Unqualified names now find the scratch tables first and the log (which has no copy) in the live schema.
        await tx.execute(sql.raw(`set local search_path to "${SCRATCH_SCHEMA}", "${live}"`));
        const events = checkpoint ? await replayLog(tx, projection, checkpoint) : 0;
        const differences: TableDifference[] = [];
        for (const table of projection.tables) {
          const difference = await compareTable(tx, live, table);
          if (difference.onlyLive || difference.onlyReplayed) differences.push(difference);
        }
        report = { projection: projection.name, events, differences };
        throw new Rollback();
      },
      { isolationLevel: 'repeatable read' },
    );
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return report as ReplayReport;
}

async function replayLog(tx: Database, projection: Projection, upTo: { tx_id: string; position: string }) {
  let after = { txId: '0', position: '0' };
  let count = 0;
  for (;;) {
    const rows = rowsOf<EventRow>(
      await tx.execute(sql`
        select position::text, tx_id::text, stream_id, version, type, schema_version, data, metadata, created_at
        from events
        where (tx_id, position) > (${after.txId}::xid8, ${after.position}::bigint)
          and (tx_id, position) <= (${upTo.tx_id}::xid8, ${upTo.position}::bigint)
        -- Qualified: a bare tx_id here would sort by the text column of the select list ('1000' < '999').
        order by events.tx_id, events.position
        limit ${BATCH}`),
    );
    if (rows.length === 0) return count;
    await applyEvents(
      projection,
      tx,
      rows.map((row) => readEvent(toStoredEvent(row))),
    );
    count += rows.length;
    const last = rows.at(-1) as EventRow;
    after = { txId: last.tx_id, position: last.position };
  }
}

function toStoredEvent(row: EventRow): StoredEvent {
  return {
    position: BigInt(row.position),
    txId: BigInt(row.tx_id),
    streamId: row.stream_id,
    version: Number(row.version),
    type: row.type,
    schemaVersion: Number(row.schema_version),
    data: row.data,
    metadata: row.metadata ?? {},
    createdAt: new Date(row.created_at),
  };
}

async function compareTable(tx: Database, live: string, table: string): Promise<TableDifference> {
  const liveTable = `"${live}"."${table}"`;
  const replayed = `"${SCRATCH_SCHEMA}"."${table}"`;
  const onlyLive = rowsOf<Record<string, unknown>>(
    await tx.execute(sql.raw(`select * from ${liveTable} except all select * from ${replayed}`)),
  );
  const onlyReplayed = rowsOf<Record<string, unknown>>(
    await tx.execute(sql.raw(`select * from ${replayed} except all select * from ${liveTable}`)),
  );
  return {
    table,
    onlyLive: onlyLive.length,
    onlyReplayed: onlyReplayed.length,
    samples: [
      ...onlyLive.slice(0, 5).map((row) => ({ side: 'live' as const, row })),
      ...onlyReplayed.slice(0, 5).map((row) => ({ side: 'replayed' as const, row })),
    ],
  };
}
