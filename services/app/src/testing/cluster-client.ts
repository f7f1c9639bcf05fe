import { randomBytes, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { INVOICE_PAGE_SIZE_MAX } from '@remit/contracts';
import { callApi } from '@remit/kit/testing';
import { expect } from 'vitest';
import { invoicePayload } from './invoices.js';
import { verificationLinkIn } from './mail-catcher.js';

/** The cluster's settings in tests: one render worker each, a cheap password hash, a patient read-your-writes. */
export const clusterTestEnv = {
  LOG_LEVEL: 'warn',
  PDF_WORKERS: '1',
  PASSWORD_HASH_COST: '10',
  READ_YOUR_WRITES_WAIT_MS: '15000',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The verification link mailed to `email`, from the cluster's outbox once it is there. */
async function mailedVerification(dataDir: string, email: string) {
  const outbox = join(dataDir, 'outbox');
  for (;;) {
    for (const file of await readdir(outbox).catch(() => [] as string[])) {
      const link = verificationLinkIn(await readFile(join(outbox, file), 'utf8'));
      if (link?.email === email) return link;
    }
    await sleep(50);
  }
}

/** A new person, signed up and verified through the proxy (the link from the cluster's outbox); their token. */
export async function signUpThroughProxy(proxy: string, dataDir: string): Promise<string> {
  const email = `cluster-${randomBytes(3).toString('hex')}@example.com`;
  const signup = await callApi(proxy, 'POST', '/auth/signup', {
    body: { name: 'Clustered Person', email, password: 'Sunflower42' },
  });
  expect(signup.status).toBe(201);
  const link = await mailedVerification(dataDir, email);
  const verified = await callApi(proxy, 'POST', '/auth/verify-email', { body: { email, token: link.token } });
  expect(verified.status).toBe(200);
  return ((await verified.json()) as { token: string }).token;
}

/** Makes the person a subscriber through the sandbox checkout, so every invoice of theirs opens. */
export async function subscribeThroughProxy(proxy: string, token: string): Promise<void> {
  const checkout = await callApi(proxy, 'POST', '/create-checkout-session', {
    token,
    body: { plan: 'pro-monthly' },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(checkout.status).toBe(201);
  const session = (await checkout.json()) as { url: string; sessionId: string };
  const paid = await fetch(`${proxy}${new URL(session.url).pathname}/pay`, {
    method: 'POST',
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  const confirmed = await callApi(proxy, 'POST', '/confirm-subscription', {
    token,
    body: { sessionId: session.sessionId },
  });
  expect(confirmed.status).toBe(200);
}

/** An answer that did not come from a server able to do the work, and was tried again. */
export interface LostAnswer {
  label: string;
  /** 0: no answer at all (the connection was cut). */
  status: number;
  retryAfter: string | null;
  body: string;
  /** The answering service's `X-Request-Id`, to find what it logged (absent from the proxy's own answers). */
  requestId: string | null;
}

/**
 * Someone issuing invoices through the proxy as the web app's outbox does: an answer that no server
 * could give (the proxy's 502/503/504, a cut connection) or a key still in progress elsewhere (409
 * `in_progress`) is tried again every 100 ms with the same Idempotency-Key, for `patienceMs` (30 s);
 * anything else ends the test.
 * It keeps what it saw: every number answered, every lost answer, how long each request waited.
 */
export function persistentClient(
  proxy: string,
  token: string,
  options: {
    patienceMs?: number;
    /** What the servers logged about these requests, added to the error of a request never answered. */
    logsOf?: (requestIds: string[]) => string[];
  } = {},
) {
  const patienceMs = options.patienceMs ?? 30_000;
  const auth = { authorization: `Bearer ${token}` };
  const lost: LostAnswer[] = [];
  const waits: number[] = [];
  const numbers: string[] = [];

  async function until(label: string, send: () => Promise<Response>, ok: number): Promise<Response> {
    const first = performance.now();
    while (performance.now() - first < patienceMs) {
      const answer = await send().catch(() => null);
      if (answer?.status === ok) {
        waits.push(performance.now() - first);
        return answer;
      }
      const status = answer?.status ?? 0;
      const body = answer ? await answer.text() : '';
      const unreachable = status === 0 || status === 502 || status === 503 || status === 504;
      if (!unreachable && !(status === 409 && body.includes('in_progress'))) {
        throw new Error(`${label} answered ${status}: ${body}`);
      }
      lost.push({
        label,
        status,
        retryAfter: answer?.headers.get('retry-after') ?? null,
        body: body.slice(0, 120),
        requestId: answer?.headers.get('x-request-id') ?? null,
      });
      await sleep(100);
    }
    const mine = lost.filter((answer) => answer.label === label);
    const last = mine.slice(-3);
    // The servers' own account of the last answers (the underlying error of a 503), when the caller has their logs.
    const ids = mine.slice(-6).flatMap((answer) => (answer.requestId ? [answer.requestId] : []));
    const logged = options.logsOf?.(ids) ?? [];
    throw new Error(
      `${label}: no answer within ${patienceMs} ms (the last: ${JSON.stringify(last)})${
        logged.length > 0 ? `; the servers logged:\n${logged.join('\n')}` : ''
      }`,
    );
  }

  /** IssueInvoice until answered, one key for every try; the invoice's id and the log position. */
  async function issue(number: string, base = proxy) {
    const key = randomUUID();
    const created = await until(
      `IssueInvoice ${number}`,
      () => {
        const form = new FormData();
        form.set('invoice', JSON.stringify(invoicePayload({ invoiceNumber: number })));
        return fetch(`${base}/api/invoices`, {
          method: 'POST',
          headers: { ...auth, 'idempotency-key': key },
          body: form,
        });
      },
      201,
    );
    numbers.push(number);
    const { invoice } = (await created.json()) as { invoice: { ID: string } };
    return { id: invoice.ID, position: created.headers.get('x-remit-position') as string };
  }

  /** Issues, then reads the invoice back through the proxy, waiting for its own write. */
  async function issueAndRead(number: string) {
    const { id, position } = await issue(number);
    const read = await until(
      `read ${number}`,
      () => fetch(`${proxy}/api/invoices/${id}`, { headers: { ...auth, 'x-remit-position': position } }),
      200,
    );
    expect(((await read.json()) as { InvoiceNumber: string }).InvoiceNumber).toBe(number);
  }

  /**
   * Reads an invoice already answered until the query side answers it, from a replica that applied `position`:
   * without it, a query replica whose projection had not yet reached the invoice answered 404 (CI, D-470).
   */
  async function read(id: string, number: string, position: string) {
    const answer = await until(
      `read ${number}`,
      () => fetch(`${proxy}/api/invoices/${id}`, { headers: { ...auth, 'x-remit-position': position } }),
      200,
    );
    expect(((await answer.json()) as { InvoiceNumber: string }).InvoiceNumber).toBe(number);
  }

  /** Every invoice number the person's dashboard lists, read from `base` once it applied `position`. */
  async function listedNumbers(base: string, position: string): Promise<string[]> {
    const seen: string[] = [];
    for (let page = 1, pages = 1; page <= pages; page += 1) {
      const answer = await callApi(base, 'GET', `/invoices?limit=${INVOICE_PAGE_SIZE_MAX}&page=${page}`, {
        token,
        headers: { 'x-remit-position': position },
      });
      expect(answer.status).toBe(200);
      const { invoices, pagination } = (await answer.json()) as {
        invoices: { InvoiceNumber: string }[];
        pagination: { total_pages: number };
      };
      pages = pagination.total_pages;
      seen.push(...invoices.map((invoice) => invoice.InvoiceNumber));
    }
    return seen;
  }

  /** The lost answers counted by what they were ('IssueInvoice 502': 9), for the test's report. */
  function lostByKind(): Record<string, number> {
    const kinds: Record<string, number> = {};
    for (const answer of lost) {
      const kind = `${answer.label.split(' ')[0]} ${answer.status}`;
      kinds[kind] = (kinds[kind] ?? 0) + 1;
    }
    return kinds;
  }

  return { lost, waits, numbers, issue, issueAndRead, read, listedNumbers, lostByKind };
}
