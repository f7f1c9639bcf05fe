import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { checkSchemaName, type Database, type OpenDatabase, searchPathSetting } from './database.js';
import { PGLITE_OPTIONS } from './pglite-options.js';
import { PgliteThread } from './pglite-thread.js';
import { createInProcessLocks } from './session-lock.js';

export const IN_MEMORY = 'memory://';

export interface PgliteOptions {
  /** A directory, or `memory://`. */
  dataDir: string;
  searchPath?: string | undefined;
  /** A tarball from `dumpDataDir()` to start from instead of running initdb (tests). */
  loadDataDir?: Blob | undefined;
  /**
   * Run the engine on a worker thread of its own (pglite-thread.ts), so its statements stop only that
   * thread and not the server's. Default: true.
   */
  thread?: boolean | undefined;
  /** On a thread: keep the thread for the next open after this engine closes (test suites; pglite-thread.ts). */
  keepThread?: boolean | undefined;
}

/** The client interface both ways of running PGlite offer this project. */
export type PgliteClient = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'listen' | 'close'> & {
  dumpDataDir(): Promise<Blob | File>;
};

/**
 * A fresh data folder is made (initdb) by a child process that then exits (make-data-dir.ts): initdb grows the
 * engine's WebAssembly memory to ~700 MB, which an engine never gives back, and compiling a second engine leaves
 * ~60 MB in the allocator's arenas even after its thread ends; a process returns all of it. The engine that
 * serves starts on a folder already made (issue 28, goal 2).
 */
async function makeDataDir(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const here = fileURLToPath(import.meta.url);
  // Under tsx or vitest this module is TypeScript and so is the child, which node runs through tsx's loader.
  const typescript = here.endsWith('.ts');
  const entry = join(dirname(here), typescript ? 'make-data-dir.ts' : 'make-data-dir.js');
  const execArgv = typescript ? ['--import', pathToFileURL(createRequire(here).resolve('tsx')).href] : [];
  const child = fork(entry, [dataDir], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exit = await new Promise<number | string | null>((ended, failed) => {
    child.once('error', failed);
    child.once('exit', (code, signal) => ended(code ?? signal));
  });
  if (exit !== 0) throw new Error(`making the data folder ${dataDir} failed (exit ${exit})`);
}

export async function openPglite(options: PgliteOptions): Promise<OpenDatabase & { client: PgliteClient }> {
  const inMemory = options.dataDir === IN_MEMORY;
  if (!inMemory) await mkdir(options.dataDir, { recursive: true });
  if (!inMemory && !options.loadDataDir) await makeDataDir(options.dataDir);
  const start = {
    ...(inMemory ? {} : { dataDir: options.dataDir }),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  };
  const client: PgliteClient =
    options.thread === false
      ? await PGlite.create({ ...start, ...PGLITE_OPTIONS })
      : ((await PgliteThread.start(start, {
          keepThread: options.keepThread ?? false,
        })) as unknown as PgliteClient);
  const { searchPath } = options;
  if (searchPath) {
    checkSchemaName(searchPath);
    // PGlite is one session, so a SET holds for every later query.
    await client.exec(
      `create schema if not exists ${searchPath}; set search_path to ${searchPathSetting(searchPath)}`,
    );
  }
  const db: Database = drizzle({ client: client as PGlite });
  return {
    db,
    kind: 'pglite',
    ...(searchPath ? { searchPath } : {}),
    client,
    listen: (channel, callback) => client.listen(channel, callback),
    ...createInProcessLocks(),
    close: () => client.close(),
  };
}

/** The embedded store of `npm start`: `${dataDir}/db`, or in memory for `memory://`. */
export function openEmbedded(dataDir: string, searchPath?: string, thread?: boolean) {
  return openPglite({ dataDir: dataDir === IN_MEMORY ? IN_MEMORY : join(dataDir, 'db'), searchPath, thread });
}
