// What the web bundle is made from, hashed by content: `scripts/build.mjs` rebuilds the web app only when it changed.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What the web bundle is made from: its sources, its config, the contracts it bundles, the locked packages. */
export const webInputs = [
  'web/src',
  'web/public',
  'web/scripts',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'web/tsconfig.json',
  'contracts/src',
  'contracts/package.json',
  'package-lock.json',
];

/** Every file of an input (a folder, walked whole, or one file), test files left out: they are not bundled. */
function filesOf(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

export function webInputsHash(root) {
  const hash = createHash('sha256');
  for (const input of webInputs) {
    const path = join(root, input);
    if (!existsSync(path)) continue;
    for (const file of filesOf(path).sort()) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}
