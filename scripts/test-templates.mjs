// Vitest's global setup: makes the embedded store's templates once, before any worker starts
// (scripts/pglite-templates.ts, in a process of its own for its `source` imports). Otherwise the first test of each
// worker that opened such a database made the template inside its own time limit (initdb and 33 migrations: 5 s
// quiet, over 30 s on a busy machine, where a test timed out), and both workers made the same one at once.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function makeTemplates() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', 'scripts/pglite-templates.ts'],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (result.status !== 0)
    throw new Error('making the PGlite templates failed (scripts/pglite-templates.ts)');
}
