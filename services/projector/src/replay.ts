import { readEvent } from '@remit/contracts';
import type { Database, StoredEvent } from '@remit/eventstore';
import type { RecordedEvent } from '@remit/kit';
import { sql } from 'drizzle-orm';
import { applyProjections, type Projection } from './projection.js';

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

/** Events per read of the log: large, since a replay reads it all and applies each read set-based. */
export const REPLAY_BATCH = 5000;
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

interface Checkpoint {
  txId: bigint;
  position: bigint;
}

const atOrBefore = (event: Checkpoint, upTo: Checkpoint) =>
  event.txId < upTo.txId || (event.txId === upTo.txId && event.position <= upTo.position);

/**
 * For auditors (DESIGN §1): rebuilds each read model from the log into fresh tables and compares them
 * with the live ones. It all happens in one repeatable-read transaction that is rolled back, so the
 * live tables, their checkpoints and the log are seen at one instant while the services keep running,
 * and nothing is left behind. The log is read once for all the projections, in large batches (only the
 * events some projection handles), and each projection applies each batch with its set-based
 * `applyBatch` where it has one, up to its own live checkpoint.
 */
export async function replayProjections(db: Database, projections: Projection[]): Promise<ReplayReport[]> {
  let reports: ReplayReport[] = [];
  try {
    await db.transaction(
      async (tx) => {
        const [{ schema: live } = { schema: 'public' }] = rowsOf<{ schema: string }>(
          await tx.execute(sql`select current_schema() as schema`),
        );
        const upTo = new Map<string, Checkpoint>();
        for (const row of rowsOf<{ name: string; tx_id: string; position: string }>(
          await tx.execute(sql`select name, tx_id::text, position::text from checkpoints`),
        ))
          upTo.set(row.name, { txId: BigInt(row.tx_id), position: BigInt(row.position) });
        await tx.execute(sql.raw(`create schema if not exists "${SCRATCH_SCHEMA}"`));
        for (const table of projections.flatMap((projection) => projection.tables)) {
          await tx.execute(
            sql.raw(`create table "${SCRATCH_SCHEMA}"."${table}" (like "${live}"."${table}" including all)`),
          );
        }
        // Unqualified names now find the scratch tables first and the log (which has no copy) in the live schema.
        await tx.execute(sql.raw(`set local search_path to "${SCRATCH_SCHEMA}", "${live}"`));
        const counts = await replayLog(tx, projections, upTo);
        reports = [];
        for (const projection of projections) {
          const differences: TableDifference[] = [];
          for (const table of projection.tables) {
            const difference = await compareTable(tx, live, table);
            if (difference.onlyLive || difference.onlyReplayed) differences.push(difference);
          }
          reports.push({
            projection: projection.name,
            events: counts.get(projection.name) ?? 0,
            differences,
          });
        }
        throw new Rollback();
      },
      { isolationLevel: 'repeatable read' },
    );
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return reports;
}

class Rollback extends Error {}

/**
 * Applies the log up to each projection's checkpoint (a projection with none replays nothing) and
 * answers how many events of the log that is for each.
 */
async function replayLog(
  tx: Database,
  projections: Projection[],
  upTo: Map<string, Checkpoint>,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const active = projections.filter((projection) => upTo.has(projection.name));
  if (active.length === 0) return counts;
  const last = active
    .map((projection) => upTo.get(projection.name) as Checkpoint)
    .reduce((high, checkpoint) => (atOrBefore(high, checkpoint) ? checkpoint : high));
  // How much of the log each checkpoint covers, every event counted (the report's figure), in one scan.
  const [counted] = rowsOf<Record<string, string>>(
    await tx.execute(
      sql`select ${sql.join(
        active.map((projection, i) => {
          const checkpoint = upTo.get(projection.name) as Checkpoint;
          return sql`count(*) filter (where (tx_id, position) <= (${checkpoint.txId.toString()}::xid8, ${checkpoint.position.toString()}::bigint))::text as ${sql.raw(`"c${i}"`)}`;
        }),
        sql`, `,
      )} from events`,
    ),
  );
  active.forEach((projection, i) => {
    counts.set(projection.name, Number(counted?.[`c${i}`] ?? 0));
  });
  const types = [...new Set(active.flatMap((projection) => projection.handles))];
  let after = { txId: '0', position: '0' };
  for (;;) {
    const rows = rowsOf<EventRow>(
      await tx.execute(sql`
        select position::text, tx_id::text, stream_id, version, type, schema_version, data, metadata, created_at
        from events
        where (tx_id, position) > (${after.txId}::xid8, ${after.position}::bigint)
          and (tx_id, position) <= (${last.txId.toString()}::xid8, ${last.position.toString()}::bigint)
          and type in (${sql.join(
            types.map((type) => sql`${type}`),
            sql`, `,
          )})
        -- Qualified: a bare tx_id here would sort by the text column of the select list ('1000' < '999').
        order by events.tx_id, events.position
        limit ${REPLAY_BATCH}`),
    );
    if (rows.length === 0) return counts;
    const batch = rows.map((row) => readEvent(toStoredEvent(row)));
    await applyProjections(
      tx,
      active.flatMap((projection): [Projection, RecordedEvent[]][] => {
        const checkpoint = upTo.get(projection.name) as Checkpoint;
        const mine = batch.filter(
          (event) => projection.handles.includes(event.type) && atOrBefore(event, checkpoint),
        );
        return mine.length > 0 ? [[projection, mine]] : [];
      }),
    );
    const end = rows.at(-1) as EventRow;
    after = { txId: end.tx_id, position: end.position };
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
