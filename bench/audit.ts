/**
 * The owner's 'Audit' counts (issue 32, D-353): `npm run bench:audit [runs]`. One log of BENCH_EVENTS events
 * (default 100,000) in streams of five events, spread over 500 users, plus one owner's 1,000 events; the chain's
 * keeper links them all and the `stream-owners` projection is applied to the whole log. Then the owner's counts
 * (linked, pending, last link) are asked `runs` times (default 20) each way: by `metadata->>'userId'` over the
 * whole log (before) and through `stream_owners` and the log's stream index (after). Median and range in ms.
 *
 * Env: BENCH_EVENTS, BENCH_STORES (default pglite; postgres uses BENCH_DATABASE_URL or TEST_DATABASE_URL).
 */
import { loadavg } from 'node:os';
import { readEvent } from '@remit/contracts';
import { createEventStore, readChainHead, rowsOf, type StreamWrite } from '@remit/eventstore';
import { sql } from 'drizzle-orm';
import { streamOwnersProjection } from '../services/projector/src/projections/stream-owners.js';
import { benchLogger, benchPostgresUrl, openBenchDatabase } from './support.js';

const RUNS = Number(process.argv[2] ?? 20);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const STORES = (process.env.BENCH_STORES ?? 'pglite').split(',') as ('pglite' | 'postgres')[];
const OWNER = 'owner-under-test';
const PER_STREAM = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function writesFor(userId: string, stream: number): StreamWrite {
  return {
    streamId: `item-${userId}-${stream}`,
    expectedVersion: 'no_stream',
    events: Array.from({ length: PER_STREAM }, () => ({
      type: 'ItemDeleted',
      data: { itemId: `${userId}-${stream}`, userId },
      metadata: { userId },
    })),
  };
}

const before = (userId: string) => sql`select count(c.seq)::text as linked,
    (count(*) - count(c.seq))::text as pending,
    (array_agg(c.position::text order by c.seq desc) filter (where c.seq is not null))[1] as last_position
  from events e left join event_chain c on c.position = e.position
  where e.metadata->>'userId' = ${userId}`;

const after = (userId: string) => sql`select count(c.seq)::text as linked,
    (count(*) - count(c.seq))::text as pending,
    (array_agg(c.position::text order by c.seq desc) filter (where c.seq is not null))[1] as last_position
  from events e
  left join lateral (select seq, position from event_chain where position = e.position offset 0) c on true
  where e.stream_id = any(array(select stream_id from stream_owners where user_id = ${userId}))`;

console.log(
  `Node ${process.version}, ${RUNS} runs, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  '| store | events in the log | owner events | by metadata (before) ms | through stream_owners ms |',
);
console.log('|---|---|---|---|---|');
for (const kind of STORES) {
  if (kind === 'postgres' && !benchPostgresUrl) continue;
  const { database, dispose } = await openBenchDatabase(kind);
  try {
    const { db } = database;
    const store = createEventStore(database, { logger: benchLogger });
    const streams = EVENTS / PER_STREAM;
    for (let start = 0; start < streams; start += 500) {
      const writes: StreamWrite[] = [];
      for (let i = start; i < Math.min(streams, start + 500); i++)
        writes.push(writesFor(`user-${i % 500}`, i));
      await store.appendMany(writes);
    }
    const own: StreamWrite[] = Array.from({ length: 1_000 / PER_STREAM }, (_, i) => writesFor(OWNER, i));
    await store.appendMany(own);
    const keeper = store.keepChain();
    const [last] = rowsOf<{ position: string }>(
      await db.execute(sql`select max(position)::text as position from events`),
    );
    while ((await readChainHead(db))?.position.toString() !== last?.position) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await keeper.stop();
    for (let from = { txId: 0n, position: 0n }; ; ) {
      const page = await store.readAll(from, { limit: 5_000 });
      const end = page.at(-1);
      if (!end) break;
      await db.transaction((tx) =>
        streamOwnersProjection.applyBatch!(
          tx,
          page.map((stored) => readEvent(stored)),
        ),
      );
      from = { txId: end.txId, position: end.position };
    }
    if (process.env.BENCH_EXPLAIN) {
      for (const query of [before(OWNER), after(OWNER)]) {
        const plan = rowsOf<Record<string, string>>(await db.execute(sql`explain analyze ${query}`));
        console.error(plan.map((row) => Object.values(row)[0]).join('\n'));
      }
    }
    const time = async (query: ReturnType<typeof before>) => {
      const runs: number[] = [];
      let answer = '';
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        const [row] = rowsOf<{ linked: string }>(await db.execute(query));
        runs.push(performance.now() - started);
        answer = row?.linked ?? '';
      }
      if (answer !== '1000') throw new Error(`expected the owner's 1,000 events linked, got ${answer}`);
      return `${median(runs).toFixed(1)} (${Math.min(...runs).toFixed(1)}–${Math.max(...runs).toFixed(1)})`;
    };
    console.log(
      `| ${kind} | ${(EVENTS + 1_000).toLocaleString('en')} | 1,000 | ${await time(before(OWNER))} | ${await time(after(OWNER))} |`,
    );
  } finally {
    await dispose();
  }
}
console.log(
  `load at the end ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
