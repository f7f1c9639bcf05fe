import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingTools, repoRoot, validatorDir } from './tools.mjs';

/** `npm test` as the README promises (issue 34, item 23). */
describe('the test preflight', () => {
  let empty: string;
  beforeAll(async () => {
    empty = await mkdtemp(join(tmpdir(), 'remit-preflight-'));
  });
  afterAll(() => rm(empty, { recursive: true, force: true }));

  it('runs first in npm test, before the typecheck', async () => {
    const manifest = (await import(join(repoRoot, 'package.json'), { with: { type: 'json' } })).default as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts.test?.startsWith('node scripts/preflight.mjs && npm run typecheck')).toBe(true);
  });

  it('finds the validator only through EINVOICE_DIR or ../shared beside the repository', () => {
    expect(validatorDir({ EINVOICE_DIR: '/opt/einvoice' })).toBe('/opt/einvoice');
    expect(validatorDir({})).toBe(join(repoRoot, '..', 'shared', 'tools', 'einvoice'));
  });

  it('names everything missing and the one command that installs it', async () => {
    // A validator folder whose tools are absent: a PATH with nothing on it.
    await writeFile(join(empty, 'validate'), '');
    const missing = missingTools(
      { PATH: empty, EINVOICE_DIR: empty, CHROMIUM_PATH: join(empty, 'chromium') },
      '20.18.1',
    );
    expect(missing?.problems).toEqual([
      'Node 20.18.1 is too old: Remit needs Node >= 20.19',
      'poppler-utils is missing: pdftotext and pdftoppm (PDF tests)',
      'chromium is missing: the browser tests (CHROMIUM_PATH)',
      'caddy is missing: the proxy of the cluster tests',
      expect.stringMatching(/^the e-invoice validator lacks default-jre-headless, .*qpdf$/),
    ]);
    expect(missing?.command).toMatch(
      /^sudo apt-get install -y --no-install-recommends poppler-utils chromium caddy && bash \S+install\.sh$/,
    );
  });

  it('says where the validator should be when it is not there', () => {
    const missing = missingTools({ ...process.env, EINVOICE_DIR: join(empty, 'nowhere') }, '22.0.0');
    expect(missing?.problems).toContainEqual(expect.stringContaining('the e-invoice validator is not at'));
  });
});
