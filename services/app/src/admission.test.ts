import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { signedInUser } from './testing/users.js';

/**
 * Clients in a process of their own, as real ones are: in the test's process they would share the
 * server's event loop and could only send a request when the server let go of it, never a flood.
 * Sends every request at once (multipart POST /api/invoices, as the web does) and prints the answers.
 */
const FLOOD_CLIENT = `
const { base, token, requests } = JSON.parse(process.argv[1]);
const answers = await Promise.all(requests.map(async ({ invoice, key }) => {
  const form = new FormData();
  form.set('invoice', JSON.stringify(invoice));
  const response = await fetch(base + '/api/invoices', {
    method: 'POST', headers: { authorization: 'Bearer ' + token, 'idempotency-key': key }, body: form });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
}));
process.stdout.write(JSON.stringify(answers));
`;

interface FloodAnswer {
  status: number;
  retryAfter: string | null;
  body: Record<string, unknown>;
}

async function flood(base: string, token: string, requests: { invoice: unknown; key: string }[]) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', FLOOD_CLIENT, JSON.stringify({ base, token, requests })],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as FloodAnswer[];
}

const rowsOf = <Row>(result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);

/**
 * The embedded store under a flood (admission.ts): past two requests served and three waiting, the
 * rest are refused at once with 503 and Retry-After; nothing refused leaves a trace, everything
 * accepted is applied, and a refused command sent again with its Idempotency-Key is simply new.
 */
describe('admission control on the embedded store', () => {
  let app: TestApp;
  let token: string;
  const FLOOD = 60;

  beforeAll(async () => {
    app = await startTestApp('pglite', {
      env: {
        ADMISSION_CONCURRENCY: '2',
        ADMISSION_QUEUE: '3',
        ADMISSION_WAIT_MS: '300',
        ADMISSION_RETRY_AFTER_SECONDS: '3',
      },
    });
    ({ token } = await signedInUser(app, 'ada@example.com', 'Ada Lovelace'));
  });
  afterAll(() => app.close());

  const count = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: string | number }>(await app.database.db.execute(query))[0]?.n ?? 0);

  it('sheds a flood with 503 + Retry-After, never 500, and what it sheds changes nothing', async () => {
    const number = (i: number) => `FLOOD-${String(i).padStart(3, '0')}`;
    const key = (i: number) => ({ 'Idempotency-Key': `flood-key-${i}` });
    const issuedBefore = await count(sql`select count(*) as n from events where type = 'InvoiceIssued'`);
    const answersBefore = await count(sql`select count(*) as n from command_answers`);

    const health = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return app.get('/health');
    })();
    const answers = await flood(
      app.base,
      token,
      Array.from({ length: FLOOD }, (_, i) => ({
        invoice: invoicePayload({ invoiceNumber: number(i) }),
        key: key(i)['Idempotency-Key'],
      })),
    );
    // Health is not behind the gate: an orchestrator sees the process alive while it sheds.
    expect((await health).status).toBe(200);

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
    const accepted = answers.flatMap((answer, i) => (answer.status === 201 ? [i] : []));
    const shed = answers.flatMap((answer, i) => (answer.status === 503 ? [i] : []));
    expect(shed.length).toBeGreaterThan(0);
    expect(accepted.length).toBeGreaterThanOrEqual(2);
    for (const i of shed) {
      const answer = answers[i] as (typeof answers)[number];
      expect(answer.retryAfter).toBe('3');
      expect(answer.body).toEqual({
        error: 'Remit is busy right now. Please try again in a moment.',
        code: 'overloaded',
      });
    }
    expect(app.remit.admission?.stats().shed).toBe(shed.length);

    // Everything accepted is in the log and, once applied, on the dashboard; nothing shed is anywhere.
    expect(await count(sql`select count(*) as n from events where type = 'InvoiceIssued'`)).toBe(
      issuedBefore + accepted.length,
    );
    expect(await count(sql`select count(*) as n from command_answers`)).toBe(answersBefore + accepted.length);
    const [head] = rowsOf<{ p: string }>(
      await app.database.db.execute(sql`select max(position)::text as p from events`),
    );
    await app.applied(BigInt(head?.p ?? 0));
    const listed = rowsOf<{ number: string }>(
      await app.database.db.execute(
        sql`select data->>'number' as number from events where type = 'InvoiceIssued' and data->>'number' like 'FLOOD-%'`,
      ),
    ).map((row) => row.number);
    expect(listed.sort()).toEqual(accepted.map(number).sort());
    const dashboard = await app.get('/invoices', { token });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.pagination).toMatchObject({ total: accepted.length });

    // Sent again with the same keys, one at a time: a shed command is new (not a replay) and goes in
    // once; an accepted one is answered from the first time and writes nothing.
    for (const i of shed) {
      const again = await postInvoice(app, token, invoicePayload({ invoiceNumber: number(i) }), {
        headers: key(i),
      });
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBeNull();
    }
    const first = accepted[0] as number;
    const repeat = await postInvoice(app, token, invoicePayload({ invoiceNumber: number(first) }), {
      headers: key(first),
    });
    expect(repeat.status).toBe(201);
    expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    expect(repeat.body).toEqual(answers[first]?.body);
    expect(await count(sql`select count(*) as n from events where type = 'InvoiceIssued'`)).toBe(
      issuedBefore + FLOOD,
    );
  });

  it('lets requests through again once the flood has passed', async () => {
    const answers = await Promise.all([app.get('/invoices', { token }), app.get('/settings', { token })]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(app.remit.admission?.stats()).toMatchObject({ running: 0, queued: 0 });
  });
});
