// The embedded engine on a thread of its own (see pglite-thread.ts, which starts this file and speaks
// to it). PGlite runs each statement synchronously in WebAssembly: on the server's own thread every
// statement stopped HTTP, timers and admission control for as long as it ran. Here it only holds
// this thread.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { PGLITE_OPTIONS } from './pglite-options.js';
import type { EngineReply, EngineRequest, EngineStart, SerializedError } from './pglite-protocol.js';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const start = workerData as EngineStart;

const reply = (message: EngineReply) => port.postMessage(message);

function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error) };
  // PGlite's DatabaseError carries PostgreSQL's fields (code, detail, constraint, …) as own properties.
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error))
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  return { ...fields, name: error.name, message: error.message, stack: error.stack };
}

/** Drizzle asks for its date and interval types as text; identity parsers for the same type ids. */
function optionsOf(request: { rowMode?: 'array' | 'object'; textTypes?: number[] }): QueryOptions {
  const options: QueryOptions = {};
  if (request.rowMode) options.rowMode = request.rowMode;
  if (request.textTypes)
    options.parsers = Object.fromEntries(request.textTypes.map((type) => [type, (value: string) => value]));
  return options;
}

const openEngine = (options: EngineStart) =>
  PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    ...PGLITE_OPTIONS,
  });

let engine = await openEngine(start);

/** Open transactions by id: their statements bypass the engine's queue, which they hold. */
const transactions = new Map<
  number,
  { tx: Transaction; finish: (commit: boolean, replyTo: number) => void }
>();
const unlisten = new Map<string, () => Promise<void>>();

async function handle(request: EngineRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const target = request.tx === undefined ? engine : transactions.get(request.tx)?.tx;
      if (!target) throw new Error(`transaction ${request.tx} is not open`);
      return target.query(request.sql, request.params, optionsOf(request));
    }
    case 'exec': {
      const target = request.tx === undefined ? engine : transactions.get(request.tx)?.tx;
      if (!target) throw new Error(`transaction ${request.tx} is not open`);
      return target.exec(request.sql, optionsOf(request));
    }
    case 'begin':
      return begin(request.id);
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error(`transaction ${request.tx} is not open`);
      open.finish(request.commit, request.id);
      return undefined; // answered when the engine has committed or rolled back
    }
    case 'listen': {
      if (!unlisten.has(request.channel)) {
        const stop = await engine.listen(request.channel, (payload) =>
          reply({ notification: { channel: request.channel, payload } }),
        );
        unlisten.set(request.channel, stop);
      }
      return null;
    }
    case 'unlisten': {
      await unlisten.get(request.channel)?.();
      unlisten.delete(request.channel);
      return null;
    }
    case 'dump':
      return engine.dumpDataDir('none');
    case 'close':
      await engine.close();
      transactions.clear();
      unlisten.clear();
      return null;
    case 'open':
      engine = await openEngine(request.start);
      return null;
  }
}

/**
 * Opens a transaction and answers its id as soon as it is open; the engine keeps it (and its queue)
 * until `end` says commit or roll back, then answers `end` with the outcome.
 */
function begin(beginId: number): Promise<unknown> {
  return new Promise((opened, failedToOpen) => {
    let endId: number | undefined;
    engine
      .transaction(async (tx) => {
        const commit = await new Promise<boolean>((finish) => {
          transactions.set(beginId, {
            tx,
            finish: (decision, replyTo) => {
              endId = replyTo;
              finish(decision);
            },
          });
          opened(beginId);
        });
        transactions.delete(beginId);
        if (!commit) await tx.rollback();
      })
      .then(
        () => {
          if (endId !== undefined) reply({ id: endId, result: null });
        },
        (error: unknown) => {
          transactions.delete(beginId);
          if (endId !== undefined) reply({ id: endId, error: serializeError(error) });
          else failedToOpen(error);
        },
      );
  });
}

port.on('message', (request: EngineRequest) => {
  handle(request).then(
    (result) => {
      if (request.op !== 'end') reply({ id: request.id, result });
    },
    (error: unknown) => reply({ id: request.id, error: serializeError(error) }),
  );
});
reply({ ready: true });
