// Messages between the server's thread (pglite-thread.ts) and the embedded engine's (pglite-worker.ts).

export interface EngineStart {
  /** A directory; absent keeps the database in memory. */
  dataDir?: string;
  loadDataDir?: Blob;
}

interface Statement {
  id: number;
  /** The open transaction this statement belongs to; absent runs it on its own. */
  tx?: number;
  sql: string;
}

interface Answered {
  rowMode?: 'array' | 'object';
  /** Type ids whose values are answered as PostgreSQL's text, unparsed (what Drizzle asks for). */
  textTypes?: number[];
}

export type EngineRequest =
  | (Statement & Answered & { op: 'query'; params?: unknown[] })
  /** One or more statements without parameters, one simple-protocol pass: an answer for each. */
  | (Statement & Answered & { op: 'exec' })
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen' | 'unlisten'; channel: string }
  | { id: number; op: 'dump' }
  /** Closes the engine; with `keep` the thread stays, waiting for `open` (test suites' threads, D-610). */
  | { id: number; op: 'close'; keep?: boolean }
  /** A new engine on a thread whose last one was closed with `keep`. */
  | { id: number; op: 'open'; start: EngineStart };

/** An error as plain data: its message, name and PostgreSQL's fields (code, detail, constraint, …). */
export type SerializedError = { message: string; name?: string; stack?: string | undefined } & Record<
  string,
  unknown
>;

export type EngineReply =
  | { id: number; result: unknown }
  | { id: number; error: SerializedError }
  | { notification: { channel: string; payload: string } }
  | { ready: true };
