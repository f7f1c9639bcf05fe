import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServiceProcess } from '@remit/kit/testing';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');

// Starting the embedded store takes seconds on a quiet machine and over a minute on a busy one.
describe('npm start (issue 34, item 23)', () => {
  it("prints one plain line 'Remit is running at …' besides its JSON logs, and the address answers", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'remit-start-line-'));
    const server = await startServiceProcess(
      join(root, 'services/app/src/main.ts'),
      {
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        ADMISSION_CONCURRENCY: '0',
      },
      { stdout: 'pipe' },
    );
    let output = '';
    server.child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    try {
      const url = `http://localhost:${server.port}`;
      await expect.poll(() => output, { timeout: 240_000 }).toContain('Remit is running at');
      const lines = output.split('\n').filter(Boolean);
      const plain = lines.filter((line) => !line.startsWith('{'));
      expect(plain).toEqual([`Remit is running at ${url}`]);
      expect((await fetch(`http://127.0.0.1:${server.port}/api/health/live`)).status).toBe(200);
    } finally {
      const exited = new Promise((done) => server.child.once('exit', done));
      server.child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 280_000);
});
