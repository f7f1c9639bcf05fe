// Shared by `bench:lighthouse` and `bench:main-thread`: a new Pro account (so every invoice is open) with 15
// issued invoices, one of them shared, made over the one-process server's HTTP API.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { invoicePayload } from '../e2e/specs/helpers.ts';

const INVOICES = 15;

async function readMailedToken(dataDir, email) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    let files = [];
    try {
      files = readdirSync(join(dataDir, 'outbox'));
    } catch {}
    for (const file of files) {
      const mail = readFileSync(join(dataDir, 'outbox', file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const token = mail.includes(email) && mail.match(/verify-email\?[^\s"'<>]*token=([A-Za-z0-9_-]+)/)?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification mail for ${email}`);
}

/** Grace's account, Pro (so every invoice is open), with 15 issued invoices and one of them shared. */
export async function seed(url, dataDir) {
  const email = `bench-${randomUUID().slice(0, 8)}@example.com`;
  const send = async (path, { body, token, multipart } = {}) => {
    const headers = { 'Idempotency-Key': randomUUID() };
    if (token) headers.Authorization = `Bearer ${token}`;
    let payload;
    if (multipart) {
      payload = new FormData();
      payload.set('invoice', JSON.stringify(multipart));
    } else {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body ?? {});
    }
    const answer = await fetch(`${url}${path}`, {
      method: 'POST',
      headers,
      body: payload,
      redirect: 'manual',
    });
    if (answer.status >= 400) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`);
    return answer.status === 303 ? {} : answer.json();
  };
  await send('/api/auth/signup', { body: { name: 'Grace Hopper', email, password: 'Compiler1952' } });
  const verify = await readMailedToken(dataDir, email);
  const { token } = await send('/api/auth/verify-email', { body: { email, token: verify } });
  const checkout = await send('/api/create-checkout-session', { token, body: { plan: 'pro-monthly' } });
  await send(`${new URL(checkout.url).pathname}/pay`);
  await send('/api/confirm-subscription', { token, body: { sessionId: checkout.sessionId } });
  let first;
  for (let index = 1; index <= INVOICES; index += 1) {
    const number = `INV-${String(index).padStart(3, '0')}`;
    const answer = await send('/api/invoices', { token, multipart: invoicePayload(number) });
    first ??= answer.invoice.ID;
  }
  const shared = await send(`/api/invoices/${first}/share`, { token });
  return { token, customerPath: new URL(shared.url).pathname };
}
