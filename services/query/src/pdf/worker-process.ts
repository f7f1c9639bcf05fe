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

export function readRss(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]);
    return pages * 4096;
  } catch {
    return undefined;
  }
}
