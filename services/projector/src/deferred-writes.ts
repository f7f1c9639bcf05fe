import type { Database } from '@remit/eventstore';

/**
 * Round trips of a projector batch on PostgreSQL, cut without changing what runs: the batch's writes
 * (insert, update, delete without `returning`, whose answers no projection reads) are held back and
 * sent together, as one multi-statement query, right before the next statement that answers something
 * (a read, `commit`; `commit` itself goes in the same message). Statements still reach the server
 * one after another in the order they were made, inside the same transaction, so every read sees every
 * write made before it, and what the batch leaves is what it left one statement at a time; only a
 * failing write is reported at the next read or at commit instead of at once, and the transaction
 * fails and rolls back as before.
 *
 * A multi-statement query takes no bind parameters, so a held write's parameters are written into its
 * text as quoted literals, the way node-postgres would have sent them (text, untyped: PostgreSQL gives a
 * quoted literal the type of its context, as it does an untyped parameter). Only null, strings,
 * numbers, bigints and booleans are written so; a statement with any other parameter, a name (prepared),
 * a quote or a dollar quote of its own, is sent as it was, after the held ones.
 */

interface QueryConfig {
  text: string;
  name?: string;
}
type Query = (config: QueryConfig | string, values?: unknown[]) => Promise<unknown>;

/** The part of node-postgres' client a transaction's Drizzle session uses. */
interface PgClient {
  query: Query;
  escapeLiteral(value: string): string;
  /** node-postgres' pipeline mode: statements are written without waiting for earlier answers. */
  pipeline?: boolean;
  release?(...args: unknown[]): void;
}

const WRITE = /^\s*(insert|update|delete)\b/i;
const RETURNING = /\breturning\b/i;
const PARAMETER = /\$(\d+)/g;

/** A literal for one bind parameter, or undefined when it cannot be written as one. */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
    case 'bigint':
    case 'boolean':
      return quote(value.toString());
    default:
      return undefined;
  }
}

/** As node-postgres' `escapeLiteral` (an E'' string when there is a backslash), without its per-character loop. */
function quote(text: string): string {
  const quoted = `'${text.replaceAll("'", "''")}'`;
  return text.includes('\\') ? ` E${quoted.replaceAll('\\', '\\\\')}` : quoted;
}

/** The statement with its parameters written in, or undefined when it must travel as it is. */
function inline(config: QueryConfig | string, values: unknown[] | undefined): string | undefined {
  const { text, name } = typeof config === 'string' ? { text: config, name: undefined } : config;
  if (name !== undefined || !WRITE.test(text) || RETURNING.test(text)) return undefined;
  if (text.includes("'") || text.includes('$$')) return undefined;
  const literals = (values ?? []).map(literal);
  if (literals.some((value) => value === undefined)) return undefined;
  let complete = true;
  const written = text.replace(PARAMETER, (_, index: string) => {
    const value = literals[Number(index) - 1];
    if (value === undefined) complete = false;
    return value ?? '';
  });
  return complete ? written : undefined;
}

/** Clients already holding writes back (a transaction that applies several batches asks again). */
const deferring = new WeakSet<object>();

/** The node-postgres client under a Drizzle transaction; undefined on PGlite. */
function pgClientOf(tx: Database): { session: { client: PgClient } } | undefined {
  const session = (tx as unknown as { session?: { client?: Partial<PgClient> } }).session;
  const client = session?.client;
  if (typeof client?.query !== 'function' || typeof client.escapeLiteral !== 'function') return undefined;
  return { session: session as { client: PgClient } };
}

/**
 * Holds back `tx`'s writes until the next statement that answers (see above), for the rest of the
 * transaction (the checkpoints' upsert goes with the commit). Returns false, changing nothing, when
 * `tx` is not a node-postgres transaction (PGlite runs in this process: a statement costs no round trip).
 */
export function deferWrites(tx: Database): boolean {
  const found = pgClientOf(tx);
  if (!found) return false;
  const { session } = found;
  if (deferring.has(session.client)) return true;
  const client = session.client;
  let held: string[] = [];
  // In the order they come. node-postgres' pipeline mode (a client option since 8.x) writes a statement
  // without waiting for the answer to the one before, so the reads that side-by-side projections make
  // at one moment share a round trip; it is switched on for this transaction only and off before the
  // connection goes back to the pool. Without it, one statement at a time (node-postgres would queue
  // them too, but warns that it will stop doing so).
  const pipelined = typeof client.pipeline === 'boolean';
  if (pipelined) client.pipeline = true;
  let tail: Promise<unknown> = Promise.resolve();
  const send = (config: QueryConfig | string, values?: unknown[]) => {
    if (pipelined) return client.query(config, values);
    const answer = tail.then(() => client.query(config, values));
    tail = answer.catch(() => undefined);
    return answer;
  };
  const flush = (): Promise<unknown> | undefined => {
    if (held.length === 0) return undefined;
    const text = held.join(';\n');
    held = [];
    return send(text);
  };
  const query: Query = async (config, values) => {
    const written = inline(config, values);
    if (written !== undefined) {
      held.push(written);
      return { rowCount: null, rows: [], fields: [] };
    }
    const text = typeof config === 'string' ? config : config.text;
    if (/^\s*rollback\s*$/i.test(text)) held = [];
    if (/^\s*commit\s*$/i.test(text) && held.length > 0 && !values?.length) {
      held.push(text);
      return flush();
    }
    // Both are on their way now, in this order; a failed write is the error to report.
    const before = flush();
    const answer = send(config, values);
    if (before) {
      answer.catch(() => undefined);
      await before;
    }
    return answer;
  };
  // Everything else (release to the pool above all) is the client's own.
  const deferred = new Proxy(client, {
    get: (target, property) => {
      if (property === 'query') return query;
      if (property === 'release' && pipelined) {
        return (...args: unknown[]) => {
          target.pipeline = false;
          return target.release?.(...args);
        };
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  deferring.add(deferred);
  session.client = deferred;
  return true;
}
