import { createHash } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { readEvent } from '@remit/contracts';
import { createEventStore, type Database, type OpenDatabase, takeWriterLockSql } from '@remit/eventstore';
import type { Logger } from '@remit/kit';
import { projections, startProjector } from '@remit/projector';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { EMPTY_SHA256, eachLogPage, LINE, type LogSummary, rowsOf } from './event-log-file.js';

/**
 * Importing a log file (`npm run import`): the format is event-log-file.ts's, the store must be empty,
 * every line is read through the event catalogue, and the read models are rebuilt from what was written.
 */

/** An import that stopped: the line it stopped at (1-based) and why. Nothing of it is left behind. */
export class ImportError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(line === undefined ? message : `line ${line}: ${message}`);
    this.name = 'ImportError';
  }
}

const lineSchema = z.object({
  position: z.string().regex(/^[1-9]\d{0,18}$/, 'must be a positive whole number as text'),
  streamId: z.string().min(1),
  version: z.number().int().positive(),
  type: z.string().min(1),
  schemaVersion: z.number().int().positive().max(32767).optional(),
  data: z.unknown().refine((value) => value !== undefined, 'is missing'),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date and time'),
});

type LogLine = z.infer<typeof lineSchema>;

export interface ImportOptions {
  /** Lines per transaction (default 1000). */
  batchSize?: number;
  /** Rebuild the read models from the imported log (default true). */
  rebuild?: boolean;
  logger: Logger;
  /** Called after each batch is written, with the number of events so far. */
  onProgress?: (events: number) => void;
}

export interface ImportSummary extends LogSummary {
  /** The file is byte for byte the log as the new store prints it (true for a file of `exportLog`). */
  sameAsFile: boolean;
  /** Milliseconds spent writing the log, and rebuilding the read models. */
  importMs: number;
  rebuildMs: number;
}

/**
 * Reads a log written by `exportLog` (or a recorded fixture log) line by line and writes it into an
 * EMPTY store: the same positions, streams, versions, types, schema versions, data, metadata and times,
 * in the same order. Every line is read through the event catalogue (`readEvent`) before it is written;
 * a bad one stops the import with its line number and everything written so far is removed again, so a
 * failed import leaves the store empty as it found it. Memory stays constant: one batch at a time. Then
 * the new store prints its log again and its checksum must equal the file's, and the read models are
 * built from the log by the projector, as they are live.
 */
export async function importLog(
  database: OpenDatabase,
  input: Readable,
  options: ImportOptions,
): Promise<ImportSummary> {
  const { db } = database;
  const batchSize = options.batchSize ?? 1000;
  await refuseNonEmpty(db);
  const started = performance.now();
  const fileHash = createHash('sha256');
  // The lines as the new store prints the rows it wrote, in the file's order.
  const storeHash = createHash('sha256');
  let events = 0;
  let lineNo = 0;
  let batch: { first: number; lines: LogLine[] } = { first: 0, lines: [] };
  let previous = 0n;
  let summary: LogSummary & { sameAsFile: boolean };
  const flush = async () => {
    if (batch.lines.length === 0) return;
    const printed = await writeBatch(db, batch.first, batch.lines);
    storeHash.update(`${printed.join('\n')}\n`);
    events += batch.lines.length;
    options.onProgress?.(events);
    batch = { first: 0, lines: [] };
  };
  try {
    const reader = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
    for await (const text of reader) {
      lineNo += 1;
      if (text.trim() === '') throw new ImportError('an empty line (one event per line)', lineNo);
      fileHash.update(`${text}\n`);
      const line = parseLine(text, lineNo);
      const position = BigInt(line.position);
      // A batch is one transaction, whose events the new store orders by position; the log's order
      // is kept by starting a new transaction wherever a position is lower than the one before it
      // (a transaction that took its id before another and its positions after).
      if (position === previous) throw new ImportError(`position ${line.position} repeats`, lineNo);
      if (position < previous || batch.lines.length >= batchSize) await flush();
      if (batch.lines.length === 0) batch.first = lineNo;
      batch.lines.push(line);
      previous = position;
    }
    await flush();
    if (events > 0) {
      await db.execute(
        sql`select setval(pg_get_serial_sequence('events', 'position'), (select max(position) from events))`,
      );
    }
    // Read back in the order readers will apply it, the log must be the file's events in the file's order.
    const sha256 = events > 0 ? storeHash.digest('hex') : EMPTY_SHA256;
    const check = createHash('sha256');
    let written = 0;
    await eachLogPage(db, (lines) => {
      check.update(`${lines.join('\n')}\n`);
      written += lines.length;
    });
    const readBack = written > 0 ? check.digest('hex') : EMPTY_SHA256;
    if (written !== events || readBack !== sha256) {
      throw new ImportError(
        `the new store's log does not read back as written (${written} events, sha256 ${readBack}; written: ${events} events, sha256 ${sha256}). Nothing was imported.`,
      );
    }
    const file = fileHash.digest('hex');
    summary = { events, sha256, sameAsFile: file === sha256 };
  } catch (error) {
    if (events > 0 || batch.lines.length > 0) await emptyLog(db);
    throw error;
  }
  const importMs = performance.now() - started;
  // The log is in; if building the read models fails it stays (the projector of a started server
  // builds them the same way).
  const rebuildStarted = performance.now();
  if (options.rebuild !== false) await rebuildReadModels(database, options.logger);
  return { ...summary, importMs, rebuildMs: performance.now() - rebuildStarted };
}

async function refuseNonEmpty(db: Database): Promise<void> {
  const [row] = rowsOf<{ events: string }>(
    await db.execute(sql`select count(*)::text as events from (select 1 from events limit 1) as head`),
  );
  if (row && row.events !== '0') {
    const [count] = rowsOf<{ events: string; last: string }>(
      await db.execute(sql`select count(*)::text as events, max(position)::text as last from events`),
    );
    throw new ImportError(
      `This store already holds ${count?.events} events (up to position ${count?.last}). Import only into an empty store: a new DATA_DIR, or an empty PostgreSQL database in DATABASE_URL. Nothing was imported.`,
    );
  }
}

function parseLine(text: string, lineNo: number): LogLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ImportError(`not JSON (${(error as Error).message})`, lineNo);
  }
  const parsed = lineSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ImportError(
      `${issue?.path.join('.') || 'the line'} ${issue?.message ?? 'is not an event'}`,
      lineNo,
    );
  }
  const line = parsed.data;
  try {
    readEvent({
      position: BigInt(line.position),
      txId: 0n,
      streamId: line.streamId,
      version: line.version,
      type: line.type,
      schemaVersion: line.schemaVersion ?? 1,
      data: line.data,
      metadata: line.metadata,
      createdAt: new Date(line.createdAt),
    });
  } catch (error) {
    throw new ImportError(clip((error as Error).message), lineNo);
  }
  return line;
}

const clip = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}…` : text);

/**
 * One transaction, one statement: the batch as a JSON array turned into rows by PostgreSQL. Returns
 * the rows as lines, as an export prints them, in position order (the batch's order).
 */
async function writeBatch(db: Database, first: number, lines: LogLine[]): Promise<string[]> {
  const rows = JSON.stringify(
    lines.map((line) => ({
      position: line.position,
      stream_id: line.streamId,
      version: line.version,
      type: line.type,
      schema_version: line.schemaVersion ?? 1,
      data: line.data,
      metadata: line.metadata,
      created_at: line.createdAt,
    })),
  );
  let printed: { position: string; line: string }[];
  try {
    printed = await db.transaction(async (tx) => {
      // Every writer of events takes the writer lock first (eventstore/src/writer-guard.ts).
      await tx.execute(sql.raw(takeWriterLockSql));
      return rowsOf(
        await tx.execute(sql`
      insert into events (position, stream_id, version, type, schema_version, data, metadata, created_at)
      select position, stream_id, version, type, schema_version, data, metadata, created_at
      from jsonb_to_recordset(${rows}::jsonb) as line(position bigint, stream_id text, version integer,
        type text, schema_version smallint, data jsonb, metadata jsonb, created_at timestamptz)
      order by position
      returning position::text as position, ${LINE} as line`),
      );
    });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
    throw new ImportError(`lines ${first}–${first + lines.length - 1} could not be written: ${clip(cause)}`);
  }
  return printed.sort((a, b) => (BigInt(a.position) < BigInt(b.position) ? -1 : 1)).map((row) => row.line);
}

/** Undoes a failed import: the store was empty before it. */
async function emptyLog(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from events`);
    await tx.execute(sql`select setval(pg_get_serial_sequence('events', 'position'), 1, false)`);
  });
}

/**
 * The read models from the log: the live projector from the start of the log until it has caught
 * up, exactly as a new projection is built (checkpoints start at the beginning in a new store).
 */
async function rebuildReadModels(database: OpenDatabase, logger: Logger): Promise<void> {
  const store = createEventStore(database);
  const projector = startProjector({ store, projections, logger });
  try {
    await projector.caughtUp();
  } finally {
    await projector.stop();
    await store.close();
  }
}
