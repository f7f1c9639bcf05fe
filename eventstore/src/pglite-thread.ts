import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { coalescingQuery, inlineStatement, type QueryConfig } from './coalesced-statements.js';
import {
  asPgAnswer,
  asResults,
  engineGone,
  type PgAnswer,
  revive,
  textTypesOf,
  workerEntry,
} from './pglite-messages.js';
import type { EngineReply, EngineRequest, EngineStart } from './pglite-protocol.js';

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

/** Threads whose engine was closed with `keepThread`, waiting for the next such start. */
const keptThreads: Worker[] = [];

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

  private readonly onReply = (message: EngineReply) => this.onMessage(message);
  private readonly onError = (error: Error) => this.stop(engineGone(error.message));
  private readonly onExit = (code: number) => this.stop(engineGone(`exit code ${code}`));

  private constructor(
    private readonly worker: Worker,
    private readonly keepThread: boolean,
  ) {
    worker.on('message', this.onReply);
    worker.on('error', this.onError);
    worker.on('exit', this.onExit);
  }

  /**
   * An engine on a thread of its own. With `keepThread`, closing it keeps the thread for the next start that
   * asks the same (test suites, which open an engine per app: a thread's start and module loading were ~1.7
   * CPU-s of the ~3.5 an open cost, D-610); the services never pass it.
   */
  static async start(options: EngineStart, { keepThread = false } = {}): Promise<PgliteThread> {
    const kept = keepThread ? keptThreads.pop() : undefined;
    if (kept) {
      kept.ref();
      const thread = new PgliteThread(kept, true);
      try {
        await thread.call({ op: 'open', start: options });
      } catch (error) {
        thread.detach();
        await kept.terminate();
        throw error;
      }
      return thread;
    }
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
    return new PgliteThread(worker, keepThread);
  }

  /** Threads waiting for a `keepThread` start. */
  static keptThreads(): number {
    return keptThreads.length;
  }

  private detach() {
    this.worker.off('message', this.onReply);
    this.worker.off('error', this.onError);
    this.worker.off('exit', this.onExit);
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
    await this.call({ op: 'close', keep: this.keepThread });
    this.stop(engineGone('closed'));
    if (!this.keepThread) {
      await this.worker.terminate();
      return;
    }
    this.detach();
    // Waiting idle must not keep the process alive.
    this.worker.unref();
    keptThreads.push(this.worker);
  }
}
