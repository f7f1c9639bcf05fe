import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { coalescingQuery, inlineStatement, type QueryConfig } from './coalesced-statements.js';
import type { EngineReply, EngineRequest, EngineStart, SerializedError } from './pglite-protocol.js';

/** The engine thread's young generation, MB (see start). */
const ENGINE_YOUNG_GENERATION_MB = 6;

type Request = EngineRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** What Drizzle's PGlite driver, the migrator and the event store call on a client or a transaction. */
export interface EngineSession {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
}

/**
 * A transaction's session that can hold its statements (the projector's batch, deferred-writes.ts): from
 * `holdStatements()` on, they travel as coalesced-statements.ts holds them on PostgreSQL, each message one
 * `exec` of several statements, writes without `returning` answered at once and folded (D-490).
 */
export interface HoldingSession extends EngineSession {
  holdStatements(): void;
}

/** node-postgres' shape of an answer, which coalesced-statements.ts reads and gives back. */
interface PgAnswer {
  command?: string | undefined;
  rowCount: number | null;
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
}

const asPgAnswer = (result: Results & { command?: string; rowCount?: number }): PgAnswer => ({
  command: result.command,
  rowCount: result.rowCount ?? null,
  rows: result.rows,
  fields: result.fields,
});

const asResults = <T>(answer: PgAnswer): Results<T> => ({
  rows: answer.rows as T[],
  fields: answer.fields,
  affectedRows: answer.rowCount ?? 0,
});

/** The worker is gone: answered as a lost connection (SQLSTATE 08006), which the services turn into 503. */
function engineGone(reason: string): Error {
  return Object.assign(new Error(`the embedded database thread stopped: ${reason}`), { code: '08006' });
}

function revive(error: SerializedError): Error {
  const { message, name, stack, ...fields } = error;
  const revived = Object.assign(new Error(message), fields);
  if (name) revived.name = name;
  if (stack) revived.stack = stack;
  return revived;
}

/**
 * Drizzle passes parsers that keep date, time and interval values as PostgreSQL's text. A function
 * cannot cross to the worker, so the parsers are sent as the type ids to keep as text; any parser that
 * does something else is refused rather than silently dropped.
 */
function textTypesOf(options: QueryOptions | undefined): number[] | undefined {
  if (!options?.parsers) return undefined;
  const probe = '2026-01-01 00:00:00';
  return Object.entries(options.parsers).map(([type, parse]) => {
    if (parse(probe, Number(type)) !== probe)
      throw new Error(`a parser for type ${type} cannot run on the embedded database thread`);
    return Number(type);
  });
}

/**
 * PGlite on a worker thread, behind the part of PGlite's client interface this project uses (query,
 * exec, transaction, listen, dumpDataDir, close). Statements and transactions keep PGlite's own
 * semantics: the engine runs one transaction at a time, and statements outside it wait their turn.
 */
export class PgliteThread implements EngineSession {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private gone: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: EngineReply) => this.onMessage(message));
    worker.on('error', (error) => this.stop(engineGone(error.message)));
    worker.on('exit', (code) => this.stop(engineGone(`exit code ${code}`)));
  }

  static async start(options: EngineStart): Promise<PgliteThread> {
    const entry = workerEntry();
    const worker = new Worker(entry.code, {
      eval: true,
      workerData: options,
      // V8 grows a thread's young generation to 48 MB under load and keeps it when idle; 6 MB (two 2 MB
      // semi-spaces) holds the engine thread's short-lived messages (issue 28, goal 2).
      resourceLimits: { maxYoungGenerationSizeMb: ENGINE_YOUNG_GENERATION_MB },
    });
    await new Promise<void>((ready, failed) => {
      const onMessage = (message: EngineReply) => {
        if (!('ready' in message)) return;
        worker.off('error', failed);
        ready();
      };
      worker.once('error', failed);
      worker.once('exit', (code) => failed(engineGone(`exit code ${code} while opening`)));
      worker.on('message', onMessage);
    });
    return new PgliteThread(worker);
  }

  private onMessage(message: EngineReply) {
    if ('notification' in message) {
      for (const callback of this.listeners.get(message.notification.channel) ?? [])
        callback(message.notification.payload);
      return;
    }
    if (!('id' in message)) return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if ('error' in message) waiting.reject(revive(message.error));
    else waiting.resolve(message.result);
  }

  private stop(reason: Error) {
    if (this.gone) return;
    this.gone = reason;
    for (const waiting of this.pending.values()) waiting.reject(reason);
    this.pending.clear();
  }

  private call<T>(request: Request): Promise<T> {
    if (this.gone) return Promise.reject(this.gone);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private session(tx?: number): EngineSession {
    const exec = (sql: string, options?: QueryOptions) => {
      const textTypes = textTypesOf(options);
      return this.call<Results[]>({
        op: 'exec',
        sql,
        ...(tx === undefined ? {} : { tx }),
        ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
        ...(textTypes ? { textTypes } : {}),
      });
    };
    return {
      query: async <T>(sql: string, params?: unknown[], options?: QueryOptions) => {
        // With its parameters written in as literals (as PostgreSQL's held statements are), a statement is
        // one simple-protocol pass in the engine instead of an extended-protocol round of six (D-491).
        const written = inlineStatement(sql, params);
        if (written !== undefined) return (await exec(written, options))[0] as Results<T>;
        const textTypes = textTypesOf(options);
        return this.call<Results<T>>({
          op: 'query',
          sql,
          ...(tx === undefined ? {} : { tx }),
          ...(params ? { params } : {}),
          ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
          ...(textTypes ? { textTypes } : {}),
        });
      },
      exec,
    };
  }

  /** A transaction's session, holding its statements once asked to (HoldingSession); `flush` before the end. */
  private transactionSession(tx: number): HoldingSession & { flush(): Promise<void> } {
    const direct = this.session(tx);
    const options = (config: QueryConfig): QueryOptions => ({
      ...(config.rowMode ? { rowMode: config.rowMode as 'array' | 'object' } : {}),
      ...(config.types ? { parsers: config.types as QueryOptions['parsers'] } : {}),
    });
    let held: ReturnType<typeof coalescingQuery> | undefined;
    return {
      query: async <T>(sql: string, params?: unknown[], queryOptions?: QueryOptions) => {
        if (!held) return direct.query<T>(sql, params, queryOptions);
        const config: QueryConfig = { text: sql };
        if (queryOptions?.rowMode) config.rowMode = queryOptions.rowMode;
        if (queryOptions?.parsers) config.types = queryOptions.parsers;
        return asResults<T>((await held.query(config, params)) as PgAnswer);
      },
      // After what is held, so the engine still runs the transaction's statements in the order they were made.
      exec: async (sql: string, execOptions?: QueryOptions) => {
        await held?.flush();
        return direct.exec(sql, execOptions);
      },
      holdStatements: () => {
        held ??= coalescingQuery(
          async (config, values) => {
            const statement = typeof config === 'string' ? { text: config } : config;
            // A held message comes without values: its statements, written in, as one `exec`.
            if (values === undefined) {
              const results = (await direct.exec(statement.text, options(statement))).map(asPgAnswer);
              return results.length === 1 ? results[0] : results;
            }
            return asPgAnswer(await direct.query(statement.text, values, options(statement)));
          },
          { answerWritesAtOnce: true },
        );
      },
      flush: async () => {
        await held?.flush();
      },
    };
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.session().query<T>(sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.session().exec(sql);
  }

  /** Commits when `work` resolves, rolls back when it throws (as PGlite's own `transaction`). */
  async transaction<T>(work: (tx: EngineSession) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: 'begin' });
    const session = this.transactionSession(tx);
    let result: T;
    try {
      result = await work(session);
      await session.flush();
    } catch (error) {
      await this.call({ op: 'end', tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.listeners.set(channel, callbacks);
      await this.call({ op: 'listen', channel });
    }
    callbacks.add(callback);
    return async () => {
      callbacks.delete(callback);
      if (callbacks.size > 0 || this.listeners.get(channel) !== callbacks) return;
      this.listeners.delete(channel);
      if (!this.gone) await this.call({ op: 'unlisten', channel });
    };
  }

  dumpDataDir(): Promise<Blob> {
    return this.call<Blob>({ op: 'dump' });
  }

  async close(): Promise<void> {
    if (this.gone) return;
    await this.call({ op: 'close' });
    this.stop(engineGone('closed'));
    await this.worker.terminate();
  }
}

/**
 * From dist the worker is plain JavaScript; under tsx or vitest this module is TypeScript and so is the
 * worker, which then registers tsx's loader on its own thread before loading it.
 */
function workerEntry(): { code: string } {
  const here = fileURLToPath(import.meta.url);
  const typescript = here.endsWith('.ts');
  const worker = pathToFileURL(
    join(dirname(here), typescript ? 'pglite-worker.ts' : 'pglite-worker.js'),
  ).href;
  if (!typescript) return { code: `import(${JSON.stringify(worker)});` };
  const tsxApi = join(dirname(createRequire(here).resolve('tsx/package.json')), 'dist/esm/api/index.mjs');
  return {
    code: `import(${JSON.stringify(pathToFileURL(tsxApi).href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}); });`,
  };
}
