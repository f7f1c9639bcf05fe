import { createEventStore, type EventStore } from '@remit/eventstore';
import { httpStores } from '@remit/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { signedInUser } from './testing/users.js';

/** 2 × 950.50 + 3 × 0.10, plus 20 % tax. */
const TOTAL = 228_156;

/**
 * Online payments with no Stripe configured (issue 31): the built-in sandbox stands in, as billing's does —
 * its own checkout page, no money moves, everything after the Pay button real.
 */
describe.each(httpStores())('online payments in the sandbox on %s', (kind) => {
  let app: TestApp;
  let store: EventStore;

  beforeAll(async () => {
    app = await startTestApp(kind, { env: { BILLING: 'off' } });
    store = createEventStore(app.database);
  });
  afterAll(async () => {
    await store.close();
    await app.close();
  });

  async function sharedInvoice(token: string, number: string, language?: 'de' | 'fr') {
    const created = await postInvoice(
      app,
      token,
      invoicePayload({ invoiceNumber: number, ...(language ? { language } : {}) }),
    );
    const invoiceId = (created.body.invoice as { ID: string }).ID;
    const shared = await app.post(`/invoices/${invoiceId}/share`, {}, { token });
    return { invoiceId, pageToken: (shared.body.url as string).split('/i/')[1] as string };
  }
  const paymentsOf = async (invoiceId: string) =>
    (await store.readStream(`invoice-${invoiceId}`))
      .filter((event) => event.type === 'PaymentRecorded' || event.type === 'PaymentReversed')
      .map((event) => ({ type: event.type, data: event.data as Record<string, unknown> }));

  it('connects at once, pays on the sandbox page, records the payment once with its fee, and the page says Paid', async () => {
    const owner = await signedInUser(app, 'sandbox-online@example.com', 'Ada Lovelace');
    const { invoiceId, pageToken } = await sharedInvoice(owner.token, 'SBX-1');
    expect((await app.post(`/public/invoices/${pageToken}/checkout`)).status).toBe(409);

    const connected = await app.post('/online-payments/connect', {}, { token: owner.token });
    expect(connected.body).toMatchObject({
      mode: 'sandbox',
      provider: 'sandbox',
      state: 'on',
      url: 'http://remit.test/profile?online-payments=connected',
    });
    const started = await app.post(`/public/invoices/${pageToken}/checkout`);
    expect(started.status).toBe(200);
    const url = new URL(started.body.url as string);
    expect(url.pathname).toMatch(
      /^\/api\/billing\/sandbox\/invoice-checkout\/cs_sandbox_inv_[A-Za-z0-9]{32}$/,
    );
    const sessionId = url.pathname.split('/').at(-1) as string;

    const checkout = await fetch(`${app.base}${url.pathname}`);
    const html = await checkout.text();
    expect(checkout.status).toBe(200);
    expect(html).toContain('Pay invoice SBX-1');
    expect(html).toContain('€2,281.56');
    expect(html).toContain('TEST MODE');

    // Pressed twice (two tabs of the same checkout): one payment.
    for (let press = 0; press < 2; press++) {
      const paid = await fetch(`${app.base}${url.pathname}/pay`, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(
        `http://remit.test/i/${pageToken}?checkout=return&session_id=${sessionId}`,
      );
    }
    const recorded = await paymentsOf(invoiceId);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.data).toMatchObject({
      amount: TOTAL,
      currency: 'EUR',
      method: 'card',
      source: 'sandbox',
      // 1.5 % + 25 cents, as Stripe's European card pricing.
      fee: Math.floor((TOTAL * 15 + 500) / 1000) + 25,
      reference: expect.stringMatching(/^pi_sandbox_/),
    });

    const confirmed = await app.post(`/public/invoices/${pageToken}/confirm`, { sessionId });
    expect(confirmed.body).toMatchObject({ paid: true, balance: 0, settled: true });
    const view = await app.get(`/public/invoices/${pageToken}`, {
      headers: { 'X-Remit-Position': String(confirmed.body.position ?? '0') },
    });
    await app.applied((await store.readStream(`invoice-${invoiceId}`)).at(-1)?.position ?? 0n);
    const after = await app.get(`/public/invoices/${pageToken}`);
    expect(view.status).toBe(200);
    expect(after.body).toMatchObject({ status: 'paid', settled: true, payOnline: false });
    expect((await app.post(`/public/invoices/${pageToken}/checkout`)).body).toEqual(
      expect.objectContaining({ error: 'This invoice is paid' }),
    );
  });

  it('cancels back to the customer page; refuses bad input and wrong links with clear 4xx', async () => {
    const owner = await signedInUser(app, 'sandbox-cancel@example.com', 'Ada Lovelace');
    await app.post('/online-payments/connect', {}, { token: owner.token });
    const { pageToken } = await sharedInvoice(owner.token, 'SBX-2');
    const started = await app.post(`/public/invoices/${pageToken}/checkout`);
    const path = new URL(started.body.url as string).pathname;
    const cancelled = await fetch(`${app.base}${path}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancelled.headers.get('location')).toBe(`http://remit.test/i/${pageToken}?checkout=cancelled`);

    expect((await app.post(`/public/invoices/${'A'.repeat(43)}/checkout`)).status).toBe(404);
    expect((await app.post(`/public/invoices/${'x'.repeat(500)}/checkout`)).status).toBe(404);
    const badSession = await app.post(`/public/invoices/${pageToken}/confirm`, { sessionId: '<script>' });
    expect(badSession.status).toBe(400);
    expect((await fetch(`${app.base}/api/billing/sandbox/invoice-checkout/cs_nope`)).status).toBe(404);
    // Another owner's session is not this page's.
    const other = await signedInUser(app, 'sandbox-other@example.com', 'Bob');
    await app.post('/online-payments/connect', {}, { token: other.token });
    const theirs = await sharedInvoice(other.token, 'SBX-3');
    const theirCheckout = await app.post(`/public/invoices/${theirs.pageToken}/checkout`);
    const theirSession = new URL(theirCheckout.body.url as string).pathname.split('/').at(-1);
    const crossed = await app.post(`/public/invoices/${pageToken}/confirm`, { sessionId: theirSession });
    expect(crossed.body).toMatchObject({ paid: false });
    // Connecting twice keeps the one account; disconnecting twice is one change.
    const again = await app.post('/online-payments/connect', {}, { token: owner.token });
    expect(again.body.accountId).toBe(
      (await app.get('/billing/online-payments', { token: owner.token })).body.accountId,
    );
    expect((await app.post('/online-payments/disconnect', {}, { token: owner.token })).body.state).toBe(
      'off',
    );
    expect((await app.post('/online-payments/disconnect', {}, { token: owner.token })).body.state).toBe(
      'off',
    );
    expect((await app.post('/online-payments/connect', {}, { token: owner.token })).body.state).toBe('on');
    expect((await app.get('/billing/online-payments')).status).toBe(401);
  });

  it("speaks the invoice's language on its sandbox checkout", async () => {
    const owner = await signedInUser(app, 'sandbox-deutsch@example.com', 'Ada Lovelace');
    await app.post('/online-payments/connect', {}, { token: owner.token });
    for (const [language, words] of [
      ['de', ['<html lang="de">', 'Rechnung SBX-DE bezahlen', 'TESTMODUS', '2.281,56 €', 'Abbrechen']],
      ['fr', ['<html lang="fr">', 'Payer la facture SBX-FR', 'MODE TEST', '2 281,56 €', 'Annuler']],
    ] as const) {
      const { pageToken } = await sharedInvoice(owner.token, `SBX-${language.toUpperCase()}`, language);
      const started = await app.post(`/public/invoices/${pageToken}/checkout`);
      const html = await (await fetch(`${app.base}${new URL(started.body.url as string).pathname}`)).text();
      for (const word of words) expect(html.replace(/\u202f|\u00a0/g, ' ')).toContain(word);
      expect(html).not.toContain('Pay invoice');
      expect(html).not.toContain('TEST MODE');
    }
  });
});
