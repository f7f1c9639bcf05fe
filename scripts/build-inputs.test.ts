import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { webInputsHash } from './build-inputs.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function checkout() {
  const root = mkdtempSync(join(tmpdir(), 'remit-build-inputs-'));
  roots.push(root);
  for (const folder of ['web/src/features', 'contracts/src'])
    mkdirSync(join(root, folder), { recursive: true });
  writeFileSync(join(root, 'web/src/main.tsx'), 'render(<App />);\n');
  writeFileSync(join(root, 'web/src/features/Page.test.tsx'), 'it("draws");\n');
  writeFileSync(join(root, 'contracts/src/money.ts'), 'export const cents = 100;\n');
  writeFileSync(join(root, 'package-lock.json'), '{}\n');
  return root;
}

describe('npm start rebuilds the web app only when what it is made of changed (issue 28, goal 3)', () => {
  it('a new mtime or a changed test file is no change', () => {
    const root = checkout();
    const before = webInputsHash(root);
    utimesSync(join(root, 'web/src/main.tsx'), new Date(), new Date(Date.now() + 60_000));
    writeFileSync(join(root, 'web/src/features/Page.test.tsx'), 'it("draws twice");\n');
    expect(webInputsHash(root)).toBe(before);
  });

  it('a changed source, contract, new file or lockfile is', () => {
    const root = checkout();
    const hashes = new Set([webInputsHash(root)]);
    writeFileSync(join(root, 'web/src/main.tsx'), 'render(<App strict />);\n');
    hashes.add(webInputsHash(root));
    writeFileSync(join(root, 'contracts/src/money.ts'), 'export const cents = 1000;\n');
    hashes.add(webInputsHash(root));
    writeFileSync(join(root, 'web/src/features/Clients.tsx'), 'export {};\n');
    hashes.add(webInputsHash(root));
    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}\n');
    hashes.add(webInputsHash(root));
    expect(hashes.size).toBe(5);
  });
});
