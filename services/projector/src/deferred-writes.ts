import {
  coalescingOf,
  coalescingQuery,
  type Database,
  type Query,
  type QueryConfig,
  registerCoalescing,
} from '@remit/eventstore';

/**
 * Round trips of a projector batch on PostgreSQL, cut without changing what runs: the batch's
 * statements are held and sent together (the event store's coalesced-statements.ts). The projections
 * run side by side, so the reads they make at one moment leave as one message; the batch's writes
 * (insert, update, delete without `returning`, whose answers no projection reads) are answered at once
 * and travel with the next message, the last ones with `commit`. Statements still reach the server one
 * after another in the order they were made, inside the same transaction, so every read sees every write
 * made before it, and what the batch leaves is what it left one statement at a time; only a failing
 * write is reported at the next read or at commit instead of at once, and the transaction fails and
 * rolls back as before.
 */

/** The part of node-postgres' client a transaction's Drizzle session uses. */
interface PgClient {
  query: Query;
  escapeLiteral(value: string): string;
  /** node-postgres' pipeline mode: statements are written without waiting for earlier answers. */
  pipeline?: boolean;
  release?(...args: unknown[]): void;
}

/** The node-postgres client under a Drizzle transaction; undefined on PGlite. */
function pgClientOf(tx: Database): { session: { client: PgClient } } | undefined {
  const session = (tx as unknown as { session?: { client?: Partial<PgClient> } }).session;
  const client = session?.client;
  if (typeof client?.query !== 'function' || typeof client.escapeLiteral !== 'function') return undefined;
  return { session: session as { client: PgClient } };
}

/** The embedded engine's transaction on its thread (the event store's pglite-thread.ts), which holds alike. */
function holdingSessionOf(tx: Database): { holdStatements(): void } | undefined {
  const client = (tx as unknown as { session?: { client?: { holdStatements?: unknown } } }).session?.client;
  return typeof client?.holdStatements === 'function' ? (client as { holdStatements(): void }) : undefined;
}

/**
 * Holds back `tx`'s statements as above for the rest of the transaction. On the embedded engine's thread
 * the held statements leave as one `exec` message each (D-490). Returns false, changing nothing, when `tx`
 * is neither (PGlite in this process: a statement costs no message).
 */
export function deferWrites(tx: Database): boolean {
  const holding = holdingSessionOf(tx);
  if (holding) {
    holding.holdStatements();
    return true;
  }
  const found = pgClientOf(tx);
  if (!found) return false;
  const { session } = found;
  const already = coalescingOf(session.client);
  if (already) {
    already.setAnswerWritesAtOnce();
    return true;
  }
  const client = session.client;
  // node-postgres' pipeline mode (a client option since 8.x) writes a message without waiting for the
  // answer to the one before; it is switched on for this transaction only and off before the connection
  // goes back to the pool. Without it, one message at a time (node-postgres would queue them too, but
  // warns that it will stop doing so).
  const pipelined = typeof client.pipeline === 'boolean';
  if (pipelined) client.pipeline = true;
  let tail: Promise<unknown> = Promise.resolve();
  const send: Query = (config, values) => {
    if (pipelined) return client.query(config as QueryConfig, values);
    const answer = tail.then(() => client.query(config, values));
    tail = answer.catch(() => undefined);
    return answer;
  };
  const coalescing = coalescingQuery(send, { answerWritesAtOnce: true });
  // Everything else (release to the pool above all) is the client's own.
  const deferred = new Proxy(client, {
    get: (target, property) => {
      if (property === 'query') return coalescing.query;
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
  registerCoalescing(deferred, coalescing);
  session.client = deferred;
  return true;
}
