import { randomBytes, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { invoicePayload } from '../../services/app/src/testing/invoices.js';
import { verificationLinkIn } from '../../services/app/src/testing/mail-catcher.js';
import { callApi } from '../../services/kit/src/testing/index.js';
import type { Target } from './targets.js';

/** The people of a mixed run, each signed up, verified, subscribed and signed in through the API. */

async function must(response: Response, what: string) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** Set-up calls may be shed on the embedded store too: they wait and try again, as a person would. */
async function patiently(call: () => Promise<Response>): Promise<Response> {
  for (;;) {
    const response = await call();
    if (response.status !== 503) return response;
    await response.text();
    await new Promise((resolve) =>
      setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000),
    );
  }
}

async function verificationToken(dataDir: string, email: string): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    for (const file of await readdir(outbox).catch(() => [] as string[])) {
      const link = verificationLinkIn(await readFile(join(outbox, file), 'utf8'));
      if (link?.email === email) return link.token;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification mail for ${email}`);
}

export interface Person {
  token: string;
  invoices: string[];
  issued: number;
  /** The position of the person's last write, sent with the next read (read-your-writes). */
  position?: string;
}

export function invoiceForm(number: string) {
  const form = new FormData();
  form.set('invoice', JSON.stringify(invoicePayload({ invoiceNumber: number })));
  return form;
}

export async function person(target: Target, n: number): Promise<Person> {
  const { base, dataDir } = target;
  const email = `mixed-${n}-${randomBytes(3).toString('hex')}@example.com`;
  const password = 'Sunflower42';
  await must(
    await patiently(() =>
      callApi(base, 'POST', '/auth/signup', {
        body: { name: `Person ${'abcdefghijklmnopqrstuvwxyz'[n % 26]}`, email, password },
      }),
    ),
    'sign-up',
  );
  const token = await verificationToken(dataDir, email);
  const verified = await must(
    await patiently(() => callApi(base, 'POST', '/auth/verify-email', { body: { email, token } })),
    'verify',
  );
  // Sign-ins are limited to 50 per client address per 15 minutes, and every client here is 127.0.0.1:
  // the first 40 people sign in, the others keep the session their verification started.
  const session =
    n < 40
      ? ((
          await must(
            await patiently(() => callApi(base, 'POST', '/auth/login', { body: { email, password } })),
            'sign-in',
          )
        ).token as string)
      : (verified.token as string);
  const checkout = await must(
    await patiently(() =>
      callApi(base, 'POST', '/create-checkout-session', {
        token: session,
        body: { plan: 'pro-monthly' },
        headers: { 'idempotency-key': randomUUID() },
      }),
    ),
    'checkout',
  );
  const paid = await patiently(() =>
    fetch(`${base}${new URL(checkout.url as string).pathname}/pay`, {
      method: 'POST',
      redirect: 'manual',
    }),
  );
  await paid.text();
  if (paid.status !== 303) throw new Error(`sandbox pay: ${paid.status}`);
  await must(
    await patiently(() =>
      callApi(base, 'POST', '/confirm-subscription', {
        token: session,
        body: { sessionId: checkout.sessionId },
      }),
    ),
    'confirm',
  );
  const someone: Person = { token: session, invoices: [], issued: 0 };
  const created = await patiently(() =>
    fetch(`${base}/api/invoices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session}`, 'idempotency-key': randomUUID() },
      body: invoiceForm(`M${n}-0`),
    }),
  );
  const body = await must(created, 'first invoice');
  someone.invoices.push((body.invoice as { ID: string }).ID);
  someone.position = created.headers.get('x-remit-position') ?? undefined;
  return someone;
}
