/**
 * Sign-up throughput over HTTP on each store: `npm run bench:signup`.
 * PostgreSQL is included when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
 * Each sign-up hashes a password (scrypt), reserves the e-mail and appends three events in one
 * transaction, then writes the verification e-mail to the outbox.
 */
import type { AddressInfo } from 'node:net';
import { createRemitApp, loadAppConfig } from '@remit/app';
import { closeServer, listen } from '@remit/kit';
import { benchLogger, benchStores, openBenchDatabase } from './support.js';

const TOTAL = Number(process.argv[2] ?? 200);
const CONCURRENCY = 8;
const costs = [16, 10];

async function run(kind: 'pglite' | 'postgres', cost: number) {
  const { database, dataDir, dispose } = await openBenchDatabase(kind);
  const logger = benchLogger;
  const config = loadAppConfig({ DATA_DIR: dataDir, PASSWORD_HASH_COST: String(cost), LOG_LEVEL: 'silent' });
  const remit = await createRemitApp({
    config,
    database,
    logger,
    rateLimits: Object.fromEntries(
      ['signUpPerIp', 'signUpPerEmail', 'signInPerIp', 'signInPerEmail', 'verifyPerIp', 'resendPerEmail'].map(
        (k) => [k, { windowMs: 60_000, limit: 1_000_000 }],
      ),
    ) as never,
  });
  const server = await listen(remit.app, '127.0.0.1', 0);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth/signup`;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < TOTAL) {
        const i = next++;
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Bench Person',
            email: `bench${i}@example.com`,
            password: 'Sunflower42',
          }),
        });
        if (response.status !== 201) throw new Error(`sign-up ${i} answered ${response.status}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await closeServer(server);
  await remit.close();
  await dispose();
  return TOTAL / seconds;
}

const rows: string[] = ['| store | scrypt N | sign-ups/s |', '|---|---|---|'];
for (const kind of benchStores()) {
  for (const cost of costs) {
    const rate = await run(kind, cost);
    rows.push(`| ${kind} | 2^${cost} | ${rate.toFixed(1)} |`);
    console.error(`${kind} 2^${cost}: ${rate.toFixed(1)}/s`);
  }
}
console.log(
  `\n${TOTAL} sign-ups, ${CONCURRENCY} concurrent clients, ${new Date().toISOString().slice(0, 10)}\n`,
);
console.log(rows.join('\n'));
