/**
 * The query benchmark's parts (bench/queries.ts): the load (bench/queries-load.mjs, a process of its own), a CPU
 * profile of the server's side, and the database's share of a route (its statements replayed on one connection).
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import type { TestApp } from '../services/app/src/testing/harness.js';
import { benchPostgresUrl } from './support.js';

export interface Step {
  name: string;
  path: string;
  /** `{page}` in the path is drawn from 1 … pages for each request. */
  pages?: number;
}

interface LoadSummary {
  requests: { average: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/**
 * One load run in a process of its own (its load not on the server's event loop); its JSON summary: autocannon's
 * closed loop, or with `rate` an open loop at that many requests a second, evenly spaced (queries-load.mjs).
 */
export function load(options: {
  url: string;
  token: string;
  connections: number;
  seconds: number;
  pages?: number | undefined;
  rate?: number | undefined;
}) {
  return new Promise<LoadSummary>((resolve, reject) => {
    const script = new URL('./queries-load.mjs', import.meta.url).pathname;
    const child = spawn(process.execPath, [script, JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`the load exited with ${code}`));
      resolve(JSON.parse(out));
    });
  });
}

/** A CPU profile of this process (the server's event loop) while `work` runs, written to `file`. */
export async function profiled<T>(file: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!file) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await writeFile(file, JSON.stringify(profile));
  }
}

export async function json(app: TestApp, token: string, path: string) {
  // Once again if the connection was reset: seeding the embedded store holds the event loop for seconds,
  // and a kept-alive socket the server times out just then fails the first request after it.
  const answer = await app.get(path, { token }).catch(() => app.get(path, { token }));
  if (answer.status !== 200)
    throw new Error(`${path} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as Record<string, unknown> & {
    pagination: { total_pages: number; next_cursor: string | null };
  };
}

/** Every statement the pg driver sends while `work` runs (the routes' own queries, with their values). */
async function captured(work: () => Promise<unknown>) {
  const statements: { text: string; values: unknown[] }[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [unknown, unknown];
    if (typeof first === 'string') statements.push({ text: first, values: (second as unknown[]) ?? [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      const config = first as { text: string; values?: unknown[] };
      statements.push({ text: config.text, values: config.values ?? (second as unknown[]) ?? [] });
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = query;
  }
  return statements;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * The database's share of each step: the read statements the route sends (not the session and access
 * checks), captured once, then sent again `SQL_ROUNDS` times one after another on one connection — the
 * cost curve without the HTTP server's share — and `EXPLAIN (ANALYZE, BUFFERS)` of each.
 */
const SQL_ROUNDS = Number(process.env.BENCH_SQL_ROUNDS ?? 200);

export async function databaseShare(
  app: TestApp,
  token: string,
  userId: string,
  steps: Step[],
  schema: string,
) {
  const client = new pg.Client({ connectionString: benchPostgresUrl });
  await client.connect();
  await client.query(`set search_path to "${schema}", public`);
  const out: string[] = [];
  const timings: { step: string; statements: number; p50: number; p99: number; max: number }[] = [];
  try {
    for (const step of steps) {
      const statements = await captured(() => app.get(concretePath(step), { token }));
      const reads = statements.filter(
        (statement) =>
          /^\s*(select|with)\b/i.test(statement.text) &&
          statement.values.includes(userId) &&
          !/"subscriptions"|"events"|checkpoints/.test(statement.text),
      );
      const rounds: number[] = [];
      for (let round = 0; round < SQL_ROUNDS; round++) {
        const started = performance.now();
        for (const statement of reads) await client.query(statement.text, statement.values);
        rounds.push(performance.now() - started);
      }
      rounds.sort((a, b) => a - b);
      timings.push({
        step: step.name,
        statements: reads.length,
        p50: Number(percentile(rounds, 50).toFixed(2)),
        p99: Number(percentile(rounds, 99).toFixed(2)),
        max: Number((rounds.at(-1) ?? 0).toFixed(2)),
      });
      for (const statement of reads) {
        const { rows } = await client.query(
          `explain (analyze, buffers, costs off, summary on) ${statement.text}`,
          statement.values,
        );
        out.push(
          `-- ${step.name}: ${concretePath(step)}\n${statement.text}\n${rows.map((row) => row['QUERY PLAN']).join('\n')}\n`,
        );
      }
    }
  } finally {
    await client.end();
  }
  return { plans: out.join('\n'), timings };
}

/** A step's path with `{page}` as its middle page: the one its database share and plan are read for. */
const concretePath = (step: Step) => step.path.replace('{page}', String(Math.ceil((step.pages ?? 1) / 2)));
