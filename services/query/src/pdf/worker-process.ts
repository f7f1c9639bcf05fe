import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Under tsx or vitest this module is TypeScript and so is the worker, which node can only run through tsx's
 * loader; from dist both are plain JavaScript and the child needs no loader at all.
 */
export function workerEntry(): { path: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith('.ts')) return { path: join(dirname(here), 'worker.js'), execArgv: [] };
  const tsx = createRequire(here).resolve('tsx');
  return { path: join(dirname(here), 'worker.ts'), execArgv: ['--import', pathToFileURL(tsx).href] };
}

/**
 * A render worker's environment: the server's, with glibc's malloc trim threshold fixed at its default (128 KB).
 * Left dynamic, malloc raises it to twice the largest block freed so far (up to 64 MB) once a PDF's buffers are
 * freed, and from then on keeps what Typst frees in the worker's heap instead of giving it back (issue 28 goal 2:
 * 0.42 → 0.24 MB kept per render of a new invoice, D-521). Other C libraries ignore the variable; a value the
 * operator set is kept.
 */
export function workerEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, MALLOC_TRIM_THRESHOLD_: env.MALLOC_TRIM_THRESHOLD_ ?? String(128 * 1024) };
}

export function readRss(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
    return pages * 4096;
  } catch {
    return undefined;
  }
}
