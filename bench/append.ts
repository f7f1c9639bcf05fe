/**
 * Raw append against a peer: `npm run bench:append [seconds per step]`. Remit's event store and Emmett
 * 0.42's (`@event-driven-io/emmett-postgresql`) on the same PostgreSQL, in a database of the run's own,
 * in the same run: W writers each appending one event at a time to new streams (both stores checking
 * that the stream does not exist yet), appends/s at 1, 8 and 32 writers, the stores taking turns (three
 * rounds of `seconds per step` each, alternating which goes first; the mean rate of the rounds). Each
 * store gets a pool of as many connections as the most writers (Emmett through its `pool` option), so
 * neither waits for a connection. Needs BENCH_DATABASE_URL or TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { type AppendOne, openAppendPeers } from './append-peers.js';

const SECONDS = Number(process.argv[2] ?? 4);
const WRITERS = [1, 8, 32];
const ROUNDS = 3;
const peers = await openAppendPeers('remit_bench_append', Math.max(...WRITERS));

async function measure(writers: number, append: AppendOne) {
  let count = 0;
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let i = 0; performance.now() < until; i++) {
        await append(`account-${writer}-${i}-${randomBytes(3).toString('hex')}`, i);
        count++;
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

try {
  for (const writers of WRITERS) {
    // Rounds alternate which store goes first, so a noisy neighbour does not land on one store only.
    const rates = { remit: [] as number[], emmett: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const turns = [
        async () => rates.emmett.push(await measure(writers, peers.emmett)),
        async () => rates.remit.push(await measure(writers, peers.remit)),
      ];
      if (round % 2 === 1) turns.reverse();
      for (const turn of turns) await turn();
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const remitRate = mean(rates.remit);
    const emmettRate = mean(rates.emmett);
    console.log(
      `${writers} writers: Remit ${remitRate.toFixed(0)} appends/s, Emmett ${emmettRate.toFixed(0)} appends/s, ratio ${(remitRate / emmettRate).toFixed(2)}×`,
    );
  }
} finally {
  await peers.close();
}
