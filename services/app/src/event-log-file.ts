import { createHash } from 'node:crypto';
import type { Database, OpenDatabase } from '@remit/eventstore';
import { sql } from 'drizzle-orm';

/**
 * The event log as JSON Lines, to move a Remit from one store to another (`npm run export` /
 * `npm run import`, README "Moving to PostgreSQL"). One line per event, in the order readers apply
 * them ((tx_id, position)), each with everything needed to write it again:
 *
 *   {"position":"1","streamId":"user-…","version":1,"type":"UserSignedUp","schemaVersion":1,
 *    "data":{…},"metadata":{…},"createdAt":"2026-11-23T22:47:10.360123Z"}
 *
 * `position` is text (a bigint), `createdAt` keeps PostgreSQL's microseconds, `data` and `metadata`
 * are the stored jsonb as PostgreSQL prints it. The transaction ids are the old store's own and are
 * not carried: the order of the lines is. The SHA-256 of the lines (each with its newline) is the
 * checksum both commands report; importing checks that the new store prints the same lines again.
 */

export interface LogSummary {
  events: number;
  /** SHA-256 (hex) of the lines, each followed by '\n'. */
  sha256: string;
}

const PAGE = 1000;
export const EMPTY_SHA256 = createHash('sha256').digest('hex');

/** An event row as its line, printed by PostgreSQL (so the same bytes on every store and driver). */
export const LINE = sql.raw(`'{"position":' || to_jsonb(position::text)::text
  || ',"streamId":' || to_jsonb(stream_id)::text
  || ',"version":' || version::text
  || ',"type":' || to_jsonb(type)::text
  || ',"schemaVersion":' || schema_version::text
  || ',"data":' || data::text
  || ',"metadata":' || metadata::text
  || ',"createdAt":"' || to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '"}'`);

interface LineRow extends Record<string, unknown> {
  tx_id: string;
  position: string;
  line: string;
}

export const rowsOf = <Row>(result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);

interface LogPoint {
  txId: string;
  position: string;
}

/**
 * Every event of the log after `after` and up to `upTo` (both in the readers' (tx_id, position) order),
 * as lines, a page at a time: the lines are built by PostgreSQL itself, so an export is the same bytes
 * whichever store and driver printed it.
 */
export async function eachLogPage(
  db: Database,
  onPage: (lines: string[]) => Promise<void> | void,
  upTo?: LogPoint,
): Promise<void> {
  let after: LogPoint = { txId: '0', position: '0' };
  const bound = upTo ? sql`and (tx_id, position) <= (${upTo.txId}::xid8, ${upTo.position}::bigint)` : sql``;
  for (;;) {
    const rows = rowsOf<LineRow>(
      await db.execute(sql`
        select tx_id::text as tx_id, position::text as position, ${LINE} as line
        from events
        where (tx_id, position) > (${after.txId}::xid8, ${after.position}::bigint) ${bound}
        order by events.tx_id, events.position
        limit ${PAGE}`),
    );
    if (rows.length === 0) return;
    await onPage(rows.map((row) => row.line));
    const last = rows.at(-1) as LineRow;
    after = { txId: last.tx_id, position: last.position };
  }
}

/** Hashes and counts the lines as they are written (each page's chunk ends in '\n'). */
function summarising(write: (chunk: string) => Promise<void> | void) {
  const hash = createHash('sha256');
  let events = 0;
  return {
    async onPage(lines: string[]) {
      const chunk = `${lines.join('\n')}\n`;
      hash.update(chunk);
      events += lines.length;
      await write(chunk);
    },
    summary: (): LogSummary => ({ events, sha256: hash.digest('hex') }),
  };
}

/**
 * Writes the whole log to `write` (called once per page of lines, each ending in '\n'), as one
 * snapshot: a read-only repeatable-read transaction, so services may keep running on PostgreSQL and
 * the file still holds one instant of the log, never half a command.
 */
export async function exportLog(
  db: Database,
  write: (chunk: string) => Promise<void> | void,
): Promise<LogSummary> {
  const out = summarising(write);
  await db.transaction((tx) => eachLogPage(tx, out.onPage), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  return out.summary();
}

/**
 * The same file as `exportLog`, from the embedded store while its server keeps serving (the route
 * `npm run export` asks a running `npm start` for). PGlite has one connection, so a transaction held
 * for the whole export would stop every command until the last page is written, which may wait on a
 * slow reader. Instead each page is a statement of its own, up to the last event at the start: PGlite
 * runs one transaction at a time, so an event committed after that read has a later transaction id
 * and falls after the bound, and the file is still one instant of the log. Not for PostgreSQL, where a
 * transaction with an older id may commit later (exportLog is its way, without stopping anything).
 */
export async function exportEmbeddedLogInPages(
  database: OpenDatabase,
  write: (chunk: string) => Promise<void> | void,
): Promise<LogSummary> {
  if (database.kind !== 'pglite') throw new Error('exportEmbeddedLogInPages reads the embedded store only');
  const [last] = rowsOf<{ tx_id: string; position: string }>(
    await database.db.execute(sql`
      select tx_id::text as tx_id, position::text as position from events
      order by events.tx_id desc, events.position desc limit 1`),
  );
  const out = summarising(write);
  if (last) await eachLogPage(database.db, out.onPage, { txId: last.tx_id, position: last.position });
  return out.summary();
}
