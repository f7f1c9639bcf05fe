import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from './database.js';
import { transactionBegunWithFirst } from './pipelined-transaction.js';
import {
  horizonSql,
  WATCH_WRITERS,
  WATCH_XMAX,
  type WriterWatch,
  watchWritersColumns,
} from './writer-guard.js';

/**
 * The tamper-evident chain over the log (docs/decisions.md D-250, D-251). Each event gets a link, the
 * SHA-256 of the previous link and the event's content, in the order readers follow the log ((tx_id,
 * position) below the horizon, D-01): that order is final once an event is below the horizon, while the
 * order of inserts is not (positions are taken at insert, transactions commit in any order). So the links
 * are written by a follower, the chain keeper, in its own table; the append is untouched.
 *
 * The content is what PostgreSQL prints for the event (jsonb as text, the time in UTC to the µs), never
 * a JavaScript round trip: the same bytes on both stores and after an export and import, which keep
 * positions. The transaction id is left out, so a log moved by `npm run import` has the same chain.
 */

/** The link before the first event. */
export const GENESIS = '0'.repeat(64);

/** An event as the chain hashes it: every column as PostgreSQL prints it. */
export interface ChainedEvent {
  position: string;
  txId: string;
  streamId: string;
  version: string;
  type: string;
  schemaVersion: string;
  data: string;
  metadata: string;
  createdAt: string;
}

export const chainedEventColumns = sql.raw(`e.position::text as position, e.tx_id::text as tx_id,
  e.stream_id, e.version::text as version, e.type, e.schema_version::text as schema_version,
  e.data::text as data, e.metadata::text as metadata,
  to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at`);

export type ChainedEventRow = Record<
  | 'position'
  | 'tx_id'
  | 'stream_id'
  | 'version'
  | 'type'
  | 'schema_version'
  | 'data'
  | 'metadata'
  | 'created_at',
  string
>;

export function toChainedEvent(row: ChainedEventRow): ChainedEvent {
  return {
    position: row.position,
    txId: row.tx_id,
    streamId: row.stream_id,
    version: row.version,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    createdAt: row.created_at,
  };
}

/** The link of `event` after `previous`: hex SHA-256 over the previous link and the event's content. */
export function linkOf(previous: string, event: ChainedEvent): string {
  const head = JSON.stringify([
    event.position,
    event.streamId,
    event.version,
    event.type,
    event.schemaVersion,
    event.createdAt,
  ]);
  return createHash('sha256')
    .update(`${previous}\n${head}\n${event.data}\n${event.metadata}`, 'utf8')
    .digest('hex');
}

/** The last link: where the chain stands. */
export interface ChainHead {
  seq: bigint;
  position: bigint;
  txId: bigint;
  hash: string;
  chainedAt: string;
}

const HEAD = sql`select seq::text as seq, position::text as position, tx_id::text as tx_id, hash,
      to_char(chained_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as chained_at
      from event_chain c order by c.seq desc limit 1`;

type HeadRow = { seq: string | null; position: string; tx_id: string; hash: string; chained_at: string };

const headOf = (row: HeadRow | undefined): ChainHead | null =>
  row && row.seq !== null
    ? {
        seq: BigInt(row.seq),
        position: BigInt(row.position),
        txId: BigInt(row.tx_id),
        hash: row.hash,
        chainedAt: row.chained_at,
      }
    : null;

export async function readChainHead(db: Database): Promise<ChainHead | null> {
  return headOf(rowsOf<HeadRow>(await db.execute(HEAD))[0]);
}

/** Where the chain started: the log as it stood when migration 0006 ran. */
export interface ChainOrigin {
  startedAt: string;
  eventsBefore: bigint;
  lastPosition: bigint | null;
}

export async function readChainOrigin(db: Database): Promise<ChainOrigin | null> {
  const [row] = rowsOf<{ started_at: string; events_before: string; last_position: string | null }>(
    await db.execute(sql`select to_char(started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as started_at,
      events_before::text as events_before, last_position::text as last_position from event_chain_origin`),
  );
  return row
    ? {
        startedAt: row.started_at,
        eventsBefore: BigInt(row.events_before),
        lastPosition: row.last_position === null ? null : BigInt(row.last_position),
      }
    : null;
}

/**
 * Events after `head`, in reader order, below the horizon of `watch` ('settings': read by an earlier
 * statement of the transaction into its settings, as `settingsAndHead` does). The head goes in as
 * constants, so the planner walks the log's index from it.
 */
async function readUnchained(
  db: Database,
  head: ChainHead | null,
  limit: number,
  watch: WriterWatch | 'settings',
): Promise<ChainedEvent[]> {
  const txId = (head?.txId ?? 0n).toString();
  const position = (head?.position ?? 0n).toString();
  const rows = rowsOf<ChainedEventRow>(
    await db.execute(sql`select ${chainedEventColumns} from events e
      where e.tx_id < ${horizonSql(watch)} and (e.tx_id, e.position) > (${txId}::xid8, ${position}::bigint)
      order by e.tx_id, e.position limit ${limit}`),
  );
  return rows.map(toChainedEvent);
}

/**
 * The keeper's transaction settings (its commit need not wait for the disk: the links are a function of
 * the log, and a crash that loses the last ones only means the keeper links those events again, to the
 * same hashes, D-251), the writer watch (writer-guard.ts) kept in them for the later log query, and the
 * chain's head: one statement, after the lock.
 */
async function settingsAndHead(db: Database): Promise<ChainHead | null> {
  const rows = rowsOf<HeadRow>(
    await db.execute(sql`select set_config('synchronous_commit', 'off', true) as synchronous_commit,
      set_config(${WATCH_XMAX}, watch.xmax, true) as xmax,
      set_config(${WATCH_WRITERS}, watch.writers::text, true) as writers, head.*
    from (select ${watchWritersColumns}) watch left join lateral (${HEAD}) head on true`),
  );
  return headOf(rows[0]);
}

const arrayLiteral = (values: readonly string[]) => `{${values.join(',')}}`;

/**
 * One step of the keeper: links the next events below the horizon (at most `limit`), in a transaction
 * that holds the origin row, so two keepers take turns and never fork the chain. Says how many it linked.
 * On PostgreSQL the pass is three messages (coalesced-statements.ts): `begin`, the lock, and the settings
 * with the watch and the head in one statement leave together and run in that order, so the head is read
 * holding the lock and the watch before the log query, as the guard requires; then the events after the
 * head; the links' insert goes with `commit`.
 */
export async function chainNext(db: Database, serial: boolean, limit: number): Promise<number> {
  return transactionBegunWithFirst(
    db,
    async (tx) => {
      const [, head] = await inOrder(serial, [
        async () => await tx.execute(sql`select id from event_chain_origin for update`),
        async () => {
          if (!serial) return await settingsAndHead(tx);
          await tx.execute(sql`set local synchronous_commit = off`);
          return await readChainHead(tx);
        },
      ] as const);
      const batch = await readUnchained(tx, head, limit, serial ? 'serial' : 'settings');
      if (batch.length === 0) return 0;
      let previous = head?.hash ?? GENESIS;
      let seq = head?.seq ?? 0n;
      const seqs: string[] = [];
      const hashes: string[] = [];
      for (const event of batch) {
        previous = linkOf(previous, event);
        seq++;
        seqs.push(seq.toString());
        hashes.push(previous);
      }
      await tx.execute(sql`insert into event_chain (seq, position, tx_id, hash)
      select * from unnest(${arrayLiteral(seqs)}::bigint[],
        ${arrayLiteral(batch.map((event) => event.position))}::bigint[],
        ${arrayLiteral(batch.map((event) => event.txId))}::xid8[],
        ${arrayLiteral(hashes)}::text[])`);
      return batch.length;
    },
    { answerWritesAtOnce: true },
  );
}

type Steps = readonly (() => Promise<unknown>)[];

/**
 * Runs `steps` in order: on PGlite one after another; on PostgreSQL all asked for at once, in order,
 * so that they leave as one message and the server runs them in that order. Each step is an async
 * function whose first act is awaiting its statement: Drizzle's statements are lazy (sent when awaited),
 * and steps of one shape send theirs in the order they are called.
 */
async function inOrder<S extends Steps>(
  serial: boolean,
  steps: S,
): Promise<{ [K in keyof S]: Awaited<ReturnType<S[K]>> }> {
  if (!serial) return Promise.all(steps.map((step) => step())) as never;
  const answers: unknown[] = [];
  for (const step of steps) answers.push(await step());
  return answers as never;
}
