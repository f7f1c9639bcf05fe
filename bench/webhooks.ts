/**
 * Stripe webhook throughput over HTTP on each store: `npm run bench:webhooks -- 400`.
 * PostgreSQL is included when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set.
 * Each delivery is signed as Stripe signs it, verified by the SDK, checked against its `stripe-event-{id}`
 * reservation and applied to the user's `subscription-{userId}` stream in one transaction. Measured:
 * new events for many users (8 deliveries at a time), the same events delivered again (duplicates), and
 * events for one user (all writers contend for one stream).
 */
import type { AddressInfo } from 'node:net';
import { createRemitApp, loadAppConfig } from '@remit/app';
import { startFakeStripe } from '@remit/command/testing/fake-stripe';
import { closeServer, listen } from '@remit/kit';
import Stripe from 'stripe';
import { benchLogger, benchStores, openBenchDatabase } from './support.js';

const TOTAL = Number(process.argv[2] ?? 400);
const CONCURRENCY = 8;
const SECRET = 'whsec_bench';
const signer = new Stripe('sk_test_bench');

function subscriptionEvent(index: number, userId: string, created: number) {
  return JSON.stringify({
    id: `evt_bench_${index}`,
    object: 'event',
    type: 'customer.subscription.updated',
    created,
    data: {
      object: {
        id: `sub_${userId}`,
        object: 'subscription',
        customer: `cus_${userId}`,
        status: 'active',
        metadata: { userId },
        cancel_at_period_end: index % 2 === 1,
        trial_end: null,
        items: {
          object: 'list',
          data: [{ id: `si_${index}`, price: { id: 'price_m' }, current_period_end: created + 30 * 86_400 }],
        },
      },
    },
  });
}

async function deliverAll(url: string, payloads: string[], expected: string) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < payloads.length) {
        const payload = payloads[next++] as string;
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
          },
          body: payload,
        });
        const body = (await response.json()) as { outcome?: string };
        if (response.status !== 200 || (expected !== 'any' && body.outcome !== expected)) {
          throw new Error(`delivery answered ${response.status} ${JSON.stringify(body)}`);
        }
      }
    }),
  );
  return payloads.length / ((performance.now() - started) / 1000);
}

async function run(kind: 'pglite' | 'postgres') {
  const fake = await startFakeStripe();
  const { database, dataDir, dispose } = await openBenchDatabase(kind);
  const logger = benchLogger;
  const config = loadAppConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_PRICE_PER_INVOICE: 'price_i',
    STRIPE_PRICE_PRO_MONTHLY: 'price_m',
    STRIPE_PRICE_PRO_YEARLY: 'price_y',
    STRIPE_API_URL: fake.url,
  });
  const remit = await createRemitApp({ config, database, logger });
  const server = await listen(remit.app, '127.0.0.1', 0);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/stripe`;

  const now = Math.floor(Date.now() / 1000);
  const manyUsers = Array.from({ length: TOTAL }, (_, i) => subscriptionEvent(i, `user${i}`, now));
  const fresh = await deliverAll(url, manyUsers, 'applied');
  const duplicates = await deliverAll(url, manyUsers, 'duplicate');
  const oneUser = Array.from({ length: TOTAL / 4 }, (_, i) => subscriptionEvent(TOTAL + i, 'one', now + i));
  const contended = await deliverAll(url, oneUser, 'any');

  await closeServer(server);
  await remit.close();
  await dispose();
  await fake.close();
  return { fresh, duplicates, contended };
}

const rows = [
  '| store | new events, many users /s | duplicates /s | one user, contended /s |',
  '|---|---|---|---|',
];
for (const kind of benchStores()) {
  const result = await run(kind);
  rows.push(
    `| ${kind} | ${result.fresh.toFixed(0)} | ${result.duplicates.toFixed(0)} | ${result.contended.toFixed(0)} |`,
  );
  console.error(`${kind}: ${JSON.stringify(result)}`);
}
console.log(rows.join('\n'));
