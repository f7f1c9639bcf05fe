/**
 * What one raw append costs, Remit's event store against Emmett 0.42's on the same PostgreSQL:
 * `npx tsx --conditions=source bench/append-cost.ts [appends per turn] [turns]`. The same appends as bench/append.ts (one event
 * to a new stream, both stores checking that the stream does not exist), at 1, 8 and 32 writers, the
 * stores taking turns (alternating which goes first); per store the median over the turns of appends/s,
 * the server's CPU per append (user + system time of the run's own backends, read from /proc: only when
 * PostgreSQL runs on this machine and /proc/<pid>/stat is readable, else shown as -), the bench process's
 * CPU per append, and — with BENCH_PG_WAL_DIR set to the server's pg_wal folder, readable by this user,
 * and pg_waldump on the PATH or in BENCH_PG_WALDUMP — the WAL bytes per append of the run's own
 * transactions (pg_waldump over the turn's LSN range; the server's other databases are left out).
 * Remit's figure includes the NOTIFY its process sends after a commit. Needs BENCH_DATABASE_URL or
 * TEST_DATABASE_URL.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { openAppendPeers } from './append-peers.js';

const APPENDS = Number(process.argv[2] ?? 600);
const TURNS = Number(process.argv[3] ?? 5);
const WRITERS = [1, 8, 32];
const walDir = process.env.BENCH_PG_WAL_DIR;
const waldump = process.env.BENCH_PG_WALDUMP ?? 'pg_waldump';

const { name, oid, admin, remit, emmett, close } = await openAppendPeers(
  'remit_bench_append_cost',
  Math.max(...WRITERS),
);
const stores = [
  ['Remit', remit],
  ['Emmett', emmett],
] as const;

/** CPU milliseconds so far of each of the run's client backends, by pid (null: /proc not readable). */
async function backendCpu(): Promise<Map<number, number> | null> {
  const { rows } = await admin.query<{ pid: number }>(
    `select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend'`,
    [name],
  );
  const cpu = new Map<number, number>();
  try {
    for (const { pid } of rows) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      cpu.set(pid, ((Number(fields[11]) + Number(fields[12])) / 100) * 1000);
    }
  } catch {
    return null;
  }
  return cpu;
}

/** WAL bytes of this database's transactions between two LSNs (records naming it and their xids). */
function walBytes(from: string, to: string): number | null {
  if (!walDir) return null;
  const dump = execFileSync(waldump, ['-p', walDir, '-s', from, '-e', to], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'ignore'],
  }).split('\n');
  const ours = (line: string) => line.includes(`/${oid}/`);
  const xids = new Set(dump.filter(ours).map((line) => line.match(/tx:\s+(\d+)/)?.[1]));
  xids.delete('0');
  let bytes = 0;
  for (const line of dump) {
    const xid = line.match(/tx:\s+(\d+)/)?.[1];
    if (ours(line) || (xid && xids.has(xid)))
      bytes += Number(line.match(/len \(rec\/tot\):\s*\d+\/\s*(\d+)/)?.[1] ?? 0);
  }
  return bytes;
}

async function turn(writers: number, append: (stream: string, i: number) => Promise<unknown>, label: string) {
  let next = 0;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      while (next < APPENDS) {
        const i = next++;
        await append(`account-${label}-${writer}-${i}-${randomBytes(3).toString('hex')}`, i);
      }
    }),
  );
}

const lsn = async () => (await admin.query(`select pg_current_wal_lsn()::text as lsn`)).rows[0].lsn as string;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const show = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? '-' : value.toFixed(0);

try {
  for (const writers of WRITERS) {
    const figures = new Map<string, { rate: number[]; server: number[]; client: number[]; wal: number[] }>();
    // A first turn each, unmeasured, opens every pooled connection and prepares the statements.
    for (const [label, append] of stores) await turn(writers, append, `${label}-warm`);
    for (let round = 0; round < TURNS; round++) {
      for (const [label, append] of round % 2 === 0 ? stores : [...stores].reverse()) {
        const [cpuBefore, lsnBefore, clientBefore] = [await backendCpu(), await lsn(), process.cpuUsage()];
        const started = performance.now();
        await turn(writers, append, `${label}-${round}`);
        const seconds = (performance.now() - started) / 1000;
        const client = process.cpuUsage(clientBefore);
        const [cpuAfter, lsnAfter] = [await backendCpu(), await lsn()];
        let server = Number.NaN;
        if (cpuBefore && cpuAfter) {
          server = 0;
          for (const [pid, ms] of cpuAfter) if (cpuBefore.has(pid)) server += ms - cpuBefore.get(pid)!;
        }
        const wal = walBytes(lsnBefore, lsnAfter);
        const entry = figures.get(label) ?? { rate: [], server: [], client: [], wal: [] };
        entry.rate.push(APPENDS / seconds);
        entry.server.push((server / APPENDS) * 1000);
        entry.client.push((client.user + client.system) / APPENDS);
        if (wal !== null) entry.wal.push(wal / APPENDS);
        figures.set(label, entry);
      }
    }
    for (const [label, { rate, server, client, wal }] of figures) {
      console.log(
        `${writers} writers, ${label}: ${show(median(rate))} appends/s, server CPU ${show(median(server))} µs/append, bench process CPU ${show(median(client))} µs/append, WAL ${wal.length ? show(median(wal)) : '-'} B/append`,
      );
    }
  }
} finally {
  await close();
}
