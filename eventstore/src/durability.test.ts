import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventStore } from './index.js';
import { openPglite } from './open-pglite.js';

const writerScript = fileURLToPath(new URL('./testing/pglite-writer.ts', import.meta.url));
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Starts the writer and collects its acknowledgements, `n → position`. */
function startWriter(dataDir: string) {
  const acknowledged = new Map<number, bigint>();
  const child: ChildProcess = spawn(process.execPath, ['--import', tsx, writerScript, dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      const [, n, position] = line.split(' ');
      acknowledged.set(Number(n), BigInt(position ?? '0'));
    }
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_code, signal) => resolve(signal)),
  );
  return { child, acknowledged, exited };
}

describe('the embedded store killed mid-write', () => {
  let dataDir: string | undefined;
  afterEach(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged event after kill -9, and opens again for writing', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'remit-durability-'));
    for (let round = 1; round <= 2; round++) {
      const writer = startWriter(dataDir);
      const before = round === 1 ? 0 : 1;
      // Killed while it keeps writing: the append in flight has been sent, not acknowledged.
      await expect
        .poll(() => writer.acknowledged.size, { timeout: 60_000, interval: 20 })
        .toBeGreaterThanOrEqual(40 + before);
      writer.child.kill('SIGKILL');
      expect(await writer.exited).toBe('SIGKILL');

      const database = await openPglite({ dataDir });
      const store = createEventStore(database);
      const events = await store.readAll({ txId: 0n, position: 0n }, { limit: 100_000 });
      const stored = new Map(
        events.filter((event) => event.type === 'Written').map((event) => [event.position, event.data]),
      );
      for (const [n, position] of writer.acknowledged) expect(stored.get(position)).toEqual({ n });
      // And the store still takes writes where the killed process left off.
      const next = await store.append('after-crash', [{ type: 'Written', data: { n: 0 } }], {
        expectedVersion: 'any',
      });
      expect(next.position).toBeGreaterThan(
        [...writer.acknowledged.values()].reduce((a, b) => (a > b ? a : b)),
      );
      await store.close();
      await database.close();
    }
  }, 120_000);
});
