import { ClaimLostError, type CommandAnswer } from './command-answers.js';
import type { Database } from './database.js';
import { ConcurrencyError, isUniqueViolation } from './errors.js';
import type { AppendResult, ExpectedVersion, StreamWrite } from './types.js';

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
 * The append is one call of `append_events` (eventstore/migrations/0002, 0003): the writer lock, the
 * version check, the insert, an idempotent command's answer and the wake-up in one statement, sent as a
 * named (prepared) statement. Without `inTransaction` it is its own transaction: one round trip. With
 * it: begin, the call, the caller's statements, commit.
 */
const APPEND_SQL = `select appended_stream, appended_version, appended_position::text as appended_position
  from append_events($1, $2::text[], $3::int[], $4::int[], $5::text[], $6::int2[], $7::jsonb[], $8::jsonb[], $9::timestamptz[],
    $10::text, $11::text, $12::int, $13::jsonb)`;
const APPEND_STATEMENT = 'remit_append_v2';

export async function appendWrites(
  db: Database,
  writes: StreamWrite[],
  /** NOTIFY this channel in the append's transaction; null leaves the wake-up to the caller. */
  channel: string | null,
  options: { inTransaction?: InTransaction | undefined; answer?: AnswerToRecord | undefined } = {},
): Promise<AppendManyResult> {
  checkWrites(writes);
  const { inTransaction, answer } = options;
  const params = [...appendParams(writes, channel), ...answerParams(answer)];
  for (let attempt = 1; ; attempt++) {
    try {
      if (!inTransaction) return summarise(writes, await callAppend(db, params));
      return await db.transaction(async (tx) => {
        const appended = summarise(writes, await callAppend(tx, params));
        await inTransaction(tx, appended);
        return appended;
      });
    } catch (error) {
      if (sqlStateOf(error)?.code === CLAIM_LOST) {
        throw new ClaimLostError(`the claim on command ${answer?.key} was lost`, { cause: error });
      }
      const wrong = wrongVersion(error);
      if (wrong) {
        const write = writes.find((candidate) => candidate.streamId === wrong.stream) ?? writes[0]!;
        throw new ConcurrencyError(write.streamId, write.expectedVersion, wrong.actual);
      }
      if (!isUniqueViolation(error)) throw error;
      if (attempt === MAX_ATTEMPTS) {
        const [first] = writes as [StreamWrite];
        throw new ConcurrencyError(first.streamId, first.expectedVersion, -1);
      }
    }
  }
}

interface AppendedRow {
  appended_stream: string;
  appended_version: number;
  appended_position: string;
}

/** A named statement through Drizzle's session (node-postgres prepares it once per connection). */
async function callAppend(db: Database, params: unknown[]): Promise<AppendedRow[]> {
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
  const result = await session
    .prepareQuery({ sql: APPEND_SQL, params }, undefined, APPEND_STATEMENT, false)
    .execute();
  return Array.isArray(result) ? (result as AppendedRow[]) : (result as { rows: AppendedRow[] }).rows;
}

function appendParams(writes: StreamWrite[], channel: string | null): unknown[] {
  const streamOf: number[] = [];
  const types: string[] = [];
  const schemaVersions: number[] = [];
  const data: string[] = [];
  const metadata: string[] = [];
  const createdAt: (Date | null)[] = [];
  writes.forEach((write, index) => {
    for (const event of write.events) {
      streamOf.push(index + 1);
      types.push(event.type);
      schemaVersions.push(event.schemaVersion ?? 1);
      data.push(JSON.stringify(event.data));
      metadata.push(JSON.stringify(event.metadata ?? {}));
      createdAt.push(event.createdAt ?? null);
    }
  });
  return [
    channel,
    writes.map((write) => write.streamId),
    writes.map((write) => expectedCode(write.expectedVersion)),
    streamOf,
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

function summarise(writes: StreamWrite[], inserted: AppendedRow[]): AppendManyResult {
  const last = new Map<string, AppendResult>();
  let position = 0n;
  for (const row of inserted) {
    const at = BigInt(row.appended_position);
    const known = last.get(row.appended_stream);
    if (!known || row.appended_version > known.nextVersion) {
      last.set(row.appended_stream, { nextVersion: row.appended_version, position: at });
    }
    if (at > position) position = at;
  }
  return { position, streams: writes.map((write) => last.get(write.streamId)!) };
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
