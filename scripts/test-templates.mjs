// The embedded store's migrated templates, made by scripts/pglite-templates.ts in a process of its own (it needs the
// `source` imports, which neither Vitest's global setup loader nor plain node resolves). Vitest's global setup
// (the default export) makes them once before any worker starts: otherwise the first test of each worker that
// opened such a database made the template inside its own time limit (initdb and 33 migrations: 5 s quiet, over
// 30 s on a busy machine, where a test timed out), and both workers made the same one at once. The browser tests'
// servers unpack the app's template as their DATA_DIR/db (e2e/support/environment.mjs).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Makes both templates in the temp directory when missing; answers the app's tar (log, read models, shared state). */
export function pgliteTemplates() {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', 'scripts/pglite-templates.ts'],
    {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (result.status !== 0)
    throw new Error('making the PGlite templates failed (scripts/pglite-templates.ts)');
  return result.stdout.trim();
}

export default function makeTemplates() {
  pgliteTemplates();
}
