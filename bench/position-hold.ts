/**
 * Can anyone hold other people's requests with `X-Remit-Position`? `npm run bench:position-hold`.
 *
 * Four signed-in clients read their dashboard page (GET /api/invoices, carrying the position of their
 * own last write, as the web app does) 100 times each: once alone, and once while a flood of 200
 * concurrent requests at a time carries positions no read model will reach (`999999999`, anonymous and
 * signed in, on real routes and on 404s). Before issue 12 the flood held every request for the whole
 * read-your-writes wait (p90 of the honest clients 153 ms alone → 6.4 s and 37.5 s under the flood).
 * PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
 */
import { startTestApp, type TestApp } from '../services/app/src/testing/harness.js';
import { invoicePayload, postInvoice } from '../services/app/src/testing/invoices.js';
import { signedInUser } from '../services/app/src/testing/users.js';
import { benchStores } from './support.js';

const HONEST_CLIENTS = 4;
const READS_PER_CLIENT = 100;
const FLOOD_IN_FLIGHT = 200;

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

async function honestReads(app: TestApp, clients: { token: string; position: string }[]) {
  const times: number[] = [];
  await Promise.all(
    clients.map(async ({ token, position }) => {
      for (let i = 0; i < READS_PER_CLIENT; i++) {
        const started = performance.now();
        const response = await fetch(`${app.base}/api/invoices?page=1`, {
          headers: { authorization: `Bearer ${token}`, 'X-Remit-Position': position },
        });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`an honest read answered ${response.status}`);
        times.push(performance.now() - started);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

/** Keeps FLOOD_IN_FLIGHT hostile requests in flight until `stop` resolves; returns their answer times. */
async function flood(app: TestApp, token: string, stop: Promise<void>, position: string | null) {
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  const targets = [
    { path: '/api/templates/get', token: undefined },
    { path: '/api/no-such-route', token: undefined },
    { path: '/api/invoices?page=1', token },
    { path: '/api/profile/stats', token },
  ];
  const times: number[] = [];
  let sent = 0;
  await Promise.all(
    Array.from({ length: FLOOD_IN_FLIGHT }, async (_, lane) => {
      while (!stopped) {
        const target = targets[(lane + sent++) % targets.length] ?? targets[0];
        const started = performance.now();
        const response = await fetch(`${app.base}${target?.path}`, {
          headers: {
            ...(position ? { 'X-Remit-Position': position } : {}),
            ...(target?.token ? { authorization: `Bearer ${target.token}` } : {}),
          },
        });
        await response.arrayBuffer();
        times.push(performance.now() - started);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

const ms = (value: number) => `${Math.round(value)} ms`;
const rows = [
  '| store | honest reads | p50 | p90 | p99 | flood requests answered | their p50 | their p99 |',
  '|---|---|---|---|---|---|---|---|',
];
for (const kind of benchStores()) {
  const app = await startTestApp(kind, { env: { READ_YOUR_WRITES_WAIT_MS: '2000', LOG_LEVEL: 'silent' } });
  try {
    const clients: { token: string; position: string }[] = [];
    for (let i = 0; i < HONEST_CLIENTS; i++) {
      const { token } = await signedInUser(app, `honest${i}@example.com`);
      let position = '0';
      for (let n = 1; n <= 3; n++) {
        const issued = await postInvoice(app, token, invoicePayload({ invoiceNumber: `INV-${i}-${n}` }));
        position = issued.headers.get('x-remit-position') ?? position;
      }
      clients.push({ token, position });
    }
    const attacker = await signedInUser(app, 'flooder@example.com');
    await honestReads(app, clients); // warm-up
    const alone = await honestReads(app, clients);
    rows.push(
      `| ${kind} | alone | ${ms(quantile(alone, 0.5))} | ${ms(quantile(alone, 0.9))} | ${ms(quantile(alone, 0.99))} | — | — | — |`,
    );
    // The same flood without the header is the load alone; with it, any difference is a hold.
    for (const [label, position] of [
      ['beside 200 plain requests', null],
      ['beside 200 with X-Remit-Position: 999999999', '999999999'],
    ] as const) {
      let finish = () => {};
      const done = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const flooding = flood(app, attacker.token, done, position);
      const times = await honestReads(app, clients);
      finish();
      const hostile = await flooding;
      rows.push(
        `| ${kind} | ${label} | ${ms(quantile(times, 0.5))} | ${ms(quantile(times, 0.9))} | ${ms(quantile(times, 0.99))} | ${hostile.length} | ${ms(quantile(hostile, 0.5))} | ${ms(quantile(hostile, 0.99))} |`,
      );
    }
    console.error(`${kind}: done`);
  } finally {
    await app.close();
  }
}
console.log(
  `\n${HONEST_CLIENTS} honest clients × ${READS_PER_CLIENT} reads; ${FLOOD_IN_FLIGHT} hostile requests in flight; ${new Date().toISOString().slice(0, 10)}\n`,
);
console.log(rows.join('\n'));
