import { ClaimLostError, type CommandAnswer } from './command-answers.js';
import type { Database } from './database.js';
import { ConcurrencyError, isUniqueViolation } from './errors.js';
import type { AppendResult, ExpectedVersion, StreamWrite } from './types.js';
import { writerLockExpression } from './writer-guard.js';

/** The whole transaction's outcome: one result per write, and the last position written. */
export interface AppendManyResult {
  position: bigint;
  streams: AppendResult[];
}

// A unique-key clash (another writer got between the version check and the insert) is retried: the
// next attempt's check names the stream's actual version, or — for 'any' — writes after it. It cannot
// loop for long, since each clash means another writer committed.
const MAX_ATTEMPTS = 10;

/**
 * Runs inside the append's transaction after the events are inserted, with the outcome; what it writes
 * commits with the events or not at all, and what it throws rolls them back.
 */
export type InTransaction = (tx: Database, appended: AppendManyResult) => Promise<void>;

/**
 * An idempotent command's answer, recorded by the append itself under its claim (command-answers.ts):
 * `append_events` adds the transaction's last position to the body as `position`.
 */
export interface AnswerToRecord extends CommandAnswer {
  key: string;
  claim: string;
}

/** SQLSTATE raised by `append_events` when a stream is not at the expected version. */
const WRONG_VERSION = 'RM409';
/** SQLSTATE raised by `append_events` when the answer's claim is no longer held. */
const CLAIM_LOST = 'RM410';

/**
 * The append is one statement, sent as a named (prepared) statement; without `inTransaction` it is its
 * own transaction (one round trip), with it: begin, the statement, the caller's statements, commit.
 *
 * The usual append — one stream, no answer to record, the wake-up left to the caller — is one plain
 * INSERT (`ONE_STREAM_SQL`): the writer lock in a CTE that the insert's rows come through, so it is
 * held before the transaction has an id (writer-guard.ts), the stream's version read in the same
 * statement and the insert made only when it is the expected one. No row back means the stream was
 * elsewhere: its version is read and the append refused (or tried again, when a writer has brought it
 * to the expected version since). Everything else is one call of `append_events`
 * (eventstore/migrations/0004): several streams, an idempotent command's answer, the NOTIFY inside the
 * transaction (PGlite). The plain statement saves the function call's own cost, about a quarter of the
 * append's server time (docs/benchmarks.md).
 */
const ONE_STREAM_SQL = `with writer as materialized (select ${writerLockExpression}),
  stream as (select coalesce(max(e.version), 0) as current from events e where e.stream_id = $1::text)
insert into events (stream_id, version, type, schema_version, data, metadata, created_at)
select $1::text, stream.current + r.ord::integer, r.t, r.sv, r.d, r.m, coalesce(r.c, now())
  from writer, stream,
    unnest($3::text[], $4::int2[], $5::jsonb[], $6::jsonb[], $7::timestamptz[]) with ordinality as r(t, sv, d, m, c, ord)
  where $2::int < 0 or stream.current = $2::int
  order by r.ord
returning version, position::text as position`;
const ONE_STREAM_STATEMENT = 'remit_append_one';
const STREAM_VERSION_SQL = `select coalesce(max(version), 0)::int as version from events where stream_id = $1::text`;
const STREAM_VERSION_STATEMENT = 'remit_stream_version';

const APPEND_SQL = `select last_versions, last_positions::text[] as last_positions
  from append_events($1, $2::text[], $3::int[], $4::int[], $5::int[], $6::text[], $7::int2[], $8::jsonb[], $9::jsonb[],
    $10::timestamptz[], $11::text, $12::text, $13::int, $14::jsonb)`;
const APPEND_STATEMENT = 'remit_append_v3';

export async function appendWrites(
  db: Database,
  writes: StreamWrite[],
  /** NOTIFY this channel in the append's transaction; null leaves the wake-up to the caller. */
  channel: string | null,
  options: { inTransaction?: InTransaction | undefined; answer?: AnswerToRecord | undefined } = {},
): Promise<AppendManyResult> {
  checkWrites(writes);
  const { inTransaction, answer } = options;
  const [only] = writes as [StreamWrite];
  const append: (db: Database) => Promise<AppendManyResult | null> =
    writes.length === 1 && !answer && channel === null
      ? appendOneStream(only)
      : appendStreams(writes, [...appendParams(writes, channel), ...answerParams(answer)]);
  for (let attempt = 1; ; attempt++) {
    try {
      const appended = inTransaction
        ? await db.transaction(async (tx) => {
            const result = await append(tx);
            if (result) await inTransaction(tx, result);
            return result;
          })
        : await append(db);
      if (appended) return appended;
    } catch (error) {
      if (sqlStateOf(error)?.code === CLAIM_LOST) {
        throw new ClaimLostError(`the claim on command ${answer?.key} was lost`, { cause: error });
      }
      const wrong = wrongVersion(error);
      if (wrong) {
        const write = writes.find((candidate) => candidate.streamId === wrong.stream) ?? only;
        throw new ConcurrencyError(write.streamId, write.expectedVersion, wrong.actual);
      }
      if (!isUniqueViolation(error)) throw error;
    }
    // A clash with another writer (a unique-key violation, or the stream reaching the expected version
    // between the insert and the look at where it is): try again.
    if (attempt === MAX_ATTEMPTS) throw new ConcurrencyError(only.streamId, only.expectedVersion, -1);
  }
}

/**
 * The plain INSERT for one stream. Null when the stream was not at the expected version when the insert
 * looked but is now (a writer got in between): the caller tries again.
 */
function appendOneStream(write: StreamWrite): (db: Database) => Promise<AppendManyResult | null> {
  const expected = expectedCode(write.expectedVersion);
  const { events } = write;
  const params = [
    write.streamId,
    expected,
    events.map((event) => event.type),
    events.map((event) => event.schemaVersion ?? 1),
    events.map((event) => JSON.stringify(event.data)),
    events.map((event) => JSON.stringify(event.metadata ?? {})),
    events.map((event) => event.createdAt ?? null),
  ];
  return async (db) => {
    const rows = await runNamed<{ version: number; position: string }>(
      db,
      ONE_STREAM_SQL,
      params,
      ONE_STREAM_STATEMENT,
    );
    if (rows.length === 0) {
      const [row] = await runNamed<{ version: number }>(
        db,
        STREAM_VERSION_SQL,
        [write.streamId],
        STREAM_VERSION_STATEMENT,
      );
      const actual = row?.version ?? 0;
      if (actual === expected) return null;
      throw new ConcurrencyError(write.streamId, write.expectedVersion, actual);
    }
    let nextVersion = 0;
    let position = 0n;
    for (const row of rows) {
      const at = BigInt(row.position);
      if (row.version > nextVersion) nextVersion = row.version;
      if (at > position) position = at;
    }
    return { position, streams: [{ nextVersion, position }] };
  };
}

/** One call of `append_events` for several streams, an answer, or a NOTIFY in the transaction. */
function appendStreams(
  writes: StreamWrite[],
  params: unknown[],
): (db: Database) => Promise<AppendManyResult> {
  return async (db) =>
    summarise(writes, await runNamed<AppendedRow>(db, APPEND_SQL, params, APPEND_STATEMENT));
}

/** Each stream's last version and last position (as text), in the writes' order. */
interface AppendedRow {
  last_versions: number[];
  last_positions: string[];
}

/** A named statement through Drizzle's session (node-postgres prepares it once per connection). */
async function runNamed<Row>(db: Database, sql: string, params: unknown[], name: string): Promise<Row[]> {
  const session = (
    db as unknown as {
      session: {
        prepareQuery(
          query: { sql: string; params: unknown[] },
          fields: undefined,
          name: string,
          arrayMode: boolean,
        ): { execute(): Promise<unknown> };
      };
    }
  ).session;
  const result = await session.prepareQuery({ sql, params }, undefined, name, false).execute();
  return Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;
}

function appendParams(writes: StreamWrite[], channel: string | null): unknown[] {
  const streamOf: number[] = [];
  const offsets: number[] = [];
  const types: string[] = [];
  const schemaVersions: number[] = [];
  const data: string[] = [];
  const metadata: string[] = [];
  const createdAt: (Date | null)[] = [];
  writes.forEach((write, index) => {
    write.events.forEach((event, offset) => {
      streamOf.push(index + 1);
      offsets.push(offset + 1);
      types.push(event.type);
      schemaVersions.push(event.schemaVersion ?? 1);
      data.push(JSON.stringify(event.data));
      metadata.push(JSON.stringify(event.metadata ?? {}));
      createdAt.push(event.createdAt ?? null);
    });
  });
  return [
    channel,
    writes.map((write) => write.streamId),
    writes.map((write) => expectedCode(write.expectedVersion)),
    streamOf,
    offsets,
    types,
    schemaVersions,
    data,
    metadata,
    createdAt,
  ];
}

function expectedCode(expected: ExpectedVersion): number {
  if (expected === 'any') return -1;
  if (expected === 'no_stream') return 0;
  return expected;
}

function answerParams(answer: AnswerToRecord | undefined): unknown[] {
  if (!answer) return [null, null, null, null];
  return [answer.key, answer.claim, answer.status, JSON.stringify(answer.body ?? {})];
}

/** The database's error (SQLSTATE and detail), wherever the driver or Drizzle wrapped it. */
function sqlStateOf(error: unknown): { code: string; detail?: unknown } | null {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Object; depth++) {
    const { code, detail } = current as { code?: unknown; detail?: unknown };
    if (typeof code === 'string' && code.startsWith('RM')) return { code, detail };
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

function wrongVersion(error: unknown): { stream: string; actual: number } | null {
  const state = sqlStateOf(error);
  if (state?.code !== WRONG_VERSION || typeof state.detail !== 'string') return null;
  return JSON.parse(state.detail) as { stream: string; actual: number };
}

function summarise(writes: StreamWrite[], [row]: AppendedRow[]): AppendManyResult {
  const { last_versions: versions, last_positions: positions } = row!;
  let position = 0n;
  const streams = writes.map((_, index) => {
    const at = BigInt(positions[index]!);
    if (at > position) position = at;
    return { nextVersion: versions[index]!, position: at };
  });
  return { position, streams };
}

function checkWrites(writes: StreamWrite[]): void {
  if (writes.length === 0) throw new Error('append needs at least one stream write');
  const streamIds = new Set(writes.map((write) => write.streamId));
  if (streamIds.size !== writes.length)
    throw new Error('append writes each stream at most once per transaction');
  for (const write of writes) {
    if (write.events.length === 0) throw new Error(`append to ${write.streamId} has no events`);
  }
}
