import { randomUUID } from 'node:crypto';
import { invoiceForm, type Person } from './people.js';

/** One step of the closed loop: each client a person issuing, listing, opening, downloading and reading stats. */

type Op = 'issue' | 'list' | 'details' | 'pdf' | 'stats';
const MIX: [Op, number][] = [
  ['issue', 20],
  ['list', 35],
  ['details', 20],
  ['pdf', 10],
  ['stats', 15],
];

function pick(): Op {
  let roll = Math.random() * 100;
  for (const [op, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return op;
  }
  return 'list';
}

interface Sample {
  op: Op;
  ms: number;
  outcome: 'ok' | 'shed' | 'error';
  detail?: string;
}

async function once_(base: string, someone: Person, n: number): Promise<Sample> {
  const op = pick();
  const id = someone.invoices[Math.floor(Math.random() * someone.invoices.length)] as string;
  const auth = { authorization: `Bearer ${someone.token}` };
  const fresh: Record<string, string> = someone.position ? { 'x-remit-position': someone.position } : {};
  const started = performance.now();
  let response: Response;
  try {
    if (op === 'issue') {
      someone.issued += 1;
      response = await fetch(`${base}/api/invoices`, {
        method: 'POST',
        headers: { ...auth, 'idempotency-key': randomUUID() },
        body: invoiceForm(`M${n}-${someone.issued}`),
      });
    } else if (op === 'list') {
      response = await fetch(`${base}/api/invoices`, { headers: { ...auth, ...fresh } });
    } else if (op === 'details') {
      response = await fetch(`${base}/api/invoices/${id}`, { headers: { ...auth, ...fresh } });
    } else if (op === 'pdf') {
      response = await fetch(`${base}/api/invoices/${id}/pdf`, { headers: { ...auth, ...fresh } });
    } else {
      response = await fetch(`${base}/api/settings/quick-stats`, { headers: { ...auth, ...fresh } });
    }
    const body = op === 'pdf' ? Buffer.from(await response.arrayBuffer()) : await response.text();
    const ms = performance.now() - started;
    if (response.ok) {
      if (op === 'issue') {
        const answer = JSON.parse(body as string) as { invoice: { ID: string } };
        someone.invoices.push(answer.invoice.ID);
        someone.position = response.headers.get('x-remit-position') ?? someone.position;
      }
      return { op, ms, outcome: 'ok' };
    }
    const shed = response.status === 503 && String(body).includes('"overloaded"');
    return {
      op,
      ms,
      outcome: shed ? 'shed' : 'error',
      detail: `${response.status} ${String(body).slice(0, 200)}`,
    };
  } catch (error) {
    return { op, ms: performance.now() - started, outcome: 'error', detail: String(error) };
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);

export async function step(base: string, people: Person[], clients: number, seconds: number) {
  const samples: Sample[] = [];
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const someone = people[i] as Person;
      while (performance.now() < until) {
        const sample = await once_(base, someone, i);
        samples.push(sample);
        // A shed request is tried again after a moment, as the web app does on Retry-After.
        if (sample.outcome === 'shed') await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const ok = samples.filter((sample) => sample.outcome === 'ok');
  const all = ok.map((sample) => sample.ms).sort((a, b) => a - b);
  const byOp = Object.fromEntries(
    MIX.map(([op]) => {
      const times = ok
        .filter((sample) => sample.op === op)
        .map((sample) => sample.ms)
        .sort((a, b) => a - b);
      return [
        op,
        `${times.length} p50 ${percentile(times, 50).toFixed(0)} p99 ${percentile(times, 99).toFixed(0)}`,
      ];
    }),
  );
  const errors = samples.filter((sample) => sample.outcome === 'error');
  const shed = samples.filter((sample) => sample.outcome === 'shed');
  const shedTimes = shed.map((sample) => sample.ms).sort((a, b) => a - b);
  return {
    clients,
    answeredPerSecond: (ok.length / elapsed).toFixed(1),
    p50: percentile(all, 50).toFixed(0),
    p99: percentile(all, 99).toFixed(0),
    max: (all.at(-1) ?? Number.NaN).toFixed(0),
    shed: shed.length,
    shedP99: percentile(shedTimes, 99).toFixed(0),
    errors: errors.length,
    firstErrors: [...new Set(errors.map((error) => `${error.op}: ${error.detail}`))].slice(0, 3),
    byOp,
  };
}
