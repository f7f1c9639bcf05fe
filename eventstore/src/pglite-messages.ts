// What crosses between the server's thread and the engine's (pglite-thread.ts): answers in the shapes the callers
// read, errors revived from plain data, Drizzle's parsers as type ids, and the code that starts the engine's thread.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { SerializedError } from './pglite-protocol.js';

/** node-postgres' shape of an answer, which coalesced-statements.ts reads and gives back. */
export interface PgAnswer {
  command?: string | undefined;
  rowCount: number | null;
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
}

export const asPgAnswer = (result: Results & { command?: string; rowCount?: number }): PgAnswer => ({
  command: result.command,
  rowCount: result.rowCount ?? null,
  rows: result.rows,
  fields: result.fields,
});

export const asResults = <T>(answer: PgAnswer): Results<T> => ({
  rows: answer.rows as T[],
  fields: answer.fields,
  affectedRows: answer.rowCount ?? 0,
});

/** The worker is gone: answered as a lost connection (SQLSTATE 08006), which the services turn into 503. */
export function engineGone(reason: string): Error {
  return Object.assign(new Error(`the embedded database thread stopped: ${reason}`), { code: '08006' });
}

export function revive(error: SerializedError): Error {
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
export function textTypesOf(options: QueryOptions | undefined): number[] | undefined {
  if (!options?.parsers) return undefined;
  const probe = '2026-01-01 00:00:00';
  return Object.entries(options.parsers).map(([type, parse]) => {
    if (parse(probe, Number(type)) !== probe)
      throw new Error(`a parser for type ${type} cannot run on the embedded database thread`);
    return Number(type);
  });
}

/**
 * From dist the worker is plain JavaScript; under tsx or vitest this module is TypeScript and so is the
 * worker, which then registers tsx's loader on its own thread before loading it.
 */
export function workerEntry(): { code: string } {
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
