// `npm run build` and `npm start`: builds only what changed (issue 28, goal 3).
//   - The server: `tsc -b`, whose project references already skip up-to-date workspaces.
//   - The web app: Vite, only when its inputs differ from those of the last build. The inputs are hashed by
//     content (a checkout or a copy changes every mtime, not the bytes), and the hash is written into
//     web/dist after a build that finished, so an interrupted build is never taken for a fresh one.
// `--force` builds everything.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { webInputsHash } from './build-inputs.mjs';

const root = join(import.meta.dirname, '..');
const web = join(root, 'web');
const stampFile = join(web, 'dist', '.inputs-sha256');
const force = process.argv.includes('--force');

function run(command, args, cwd = root) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', ...(force ? ['--force'] : [])]);

const wanted = webInputsHash(root);
const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : null;
if (!force && built === wanted && existsSync(join(web, 'dist', 'index.html'))) {
  console.log('The web app is up to date (its inputs are unchanged since the last build).');
} else {
  run('npm', ['run', 'build', '-w', 'web']);
  writeFileSync(stampFile, `${wanted}\n`);
}
