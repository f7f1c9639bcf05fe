import { httpStores } from '@remit/eventstore/testing';
import { projections, replayProjections } from '@remit/projector';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { signedInUser } from './testing/users.js';

async function eventsOf(app: TestApp, streamId: string): Promise<{ type: string; data: string }[]> {
  const result = await app.database.db.execute(
    sql`select type, data::text as data from events where stream_id = ${streamId} order by position`,
  );
  return (result as unknown as { rows: { type: string; data: string }[] }).rows;
}

describe.each(httpStores())('the customer page link over HTTP on %s', (kind) => {
  let app: TestApp;
  let ada: { token: string; user: { id: string } };
  let bob: { token: string; user: { id: string } };
  let numbered = 0;
  // The server's clock, moved by the views test.
  let clock = Date.now();

  beforeAll(async () => {
    app = await startTestApp(kind, { now: () => new Date(clock) });
    ada = await signedInUser(app, 'ada@example.com', 'Ada Lovelace');
    bob = await signedInUser(app, 'bob@example.com', 'Bob Stone');
  });
  afterAll(() => app.close());

  async function issue(token: string): Promise<string> {
    numbered += 1;
    const created = await postInvoice(app, token, invoicePayload({ invoiceNumber: `SHARE-${numbered}` }));
    expect(created.status).toBe(201);
    // The locking check reads the invoice's read model (as a send's PDF does).
    await app.applied(BigInt(String(created.body.position)));
    return String((created.body.invoice as { ID: string }).ID);
  }
  const as = (token: string, headers: Record<string, string> = {}) => ({ token, headers });

  it('makes one link, shows it once, stops it, and makes a new token after a stop', async () => {
    const id = await issue(ada.token);
    const made = await app.post(`/invoices/${id}/share`, {}, as(ada.token));
    expect(made.status).toBe(201);
    const url = String(made.body.url);
    const token = url.split('/i/')[1] ?? '';
    expect(url).toMatch(/\/i\/[A-Za-z0-9_-]{43}$/);
    expect(made.body).toMatchObject({ invoiceId: id, active: true });

    const again = await app.post(`/invoices/${id}/share`, {}, as(ada.token));
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ active: true, url: null, shareId: made.body.shareId });

    // The log keeps the token's hash, never the token.
    const events = await eventsOf(app, `invoice-${id}`);
    const shared = events.filter((event) => event.type === 'InvoiceShared');
    expect(shared).toHaveLength(1);
    expect(events.some((event) => event.data.includes(token))).toBe(false);

    const sharedOf = async (position: unknown) =>
      (
        (await app.get(`/invoices/${id}`, as(ada.token, { 'X-Remit-Position': String(position) }))).body
          .Collection as { Shared: boolean }
      ).Shared;
    expect(await sharedOf(made.body.position)).toBe(true);
    const stopped = await app.post(`/invoices/${id}/share/revoke`, {}, as(ada.token));
    expect(stopped.status).toBe(200);
    expect(await sharedOf(stopped.body.position)).toBe(false);
    expect(stopped.body).toMatchObject({ active: false, shareId: null, url: null });
    expect((await app.post(`/invoices/${id}/share/revoke`, {}, as(ada.token))).status).toBe(200);

    const renewed = await app.post(`/invoices/${id}/share`, {}, as(ada.token));
    expect(renewed.status).toBe(201);
    expect(renewed.body.url).not.toBe(url);
    const types = (await eventsOf(app, `invoice-${id}`)).map((event) => event.type);
    expect(types.filter((type) => type.startsWith('InvoiceShar'))).toEqual([
      'InvoiceShared',
      'InvoiceSharingStopped',
      'InvoiceShared',
    ]);
  });

  it('answers a repeated key with the first answer and writes nothing twice', async () => {
    const id = await issue(ada.token);
    const key = as(ada.token, { 'Idempotency-Key': `share-${id}` });
    const first = await app.post(`/invoices/${id}/share`, {}, key);
    const second = await app.post(`/invoices/${id}/share`, {}, key);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.url).toBe(first.body.url);
    const shared = (await eventsOf(app, `invoice-${id}`)).filter((event) => event.type === 'InvoiceShared');
    expect(shared).toHaveLength(1);
  });

  it("does not share another user's invoice, nor a locked one", async () => {
    const id = await issue(ada.token);
    expect((await app.post(`/invoices/${id}/share`, {}, as(bob.token))).status).toBe(404);
    expect((await app.post(`/invoices/${id}/share/revoke`, {}, as(bob.token))).status).toBe(404);
    expect((await app.post('/invoices/no-such-invoice/share', {}, as(ada.token))).status).toBe(404);
    // Bob has no subscription: only his newest invoice is open.
    const older = await issue(bob.token);
    await issue(bob.token);
    const locked = await app.post(`/invoices/${older}/share`, {}, as(bob.token));
    expect(locked.status).toBe(402);
    expect((await eventsOf(app, `invoice-${older}`)).map((event) => event.type)).toEqual(['InvoiceIssued']);
  });

  it('opens the invoice by its token with no sign-in: the view, the preview and the PDF; a stopped or wrong token is one 404', async () => {
    const id = await issue(ada.token);
    const made = await app.post(`/invoices/${id}/share`, {}, as(ada.token));
    await app.applied(BigInt(String(made.body.position)));
    const token = String(made.body.url).split('/i/')[1] ?? '';

    const view = await app.get(`/public/invoices/${token}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ number: `SHARE-${numbered}`, currency: 'EUR', settled: false });
    expect(view.body.balance).toBe(view.body.total);
    const text = JSON.stringify(view.body);
    expect(text).not.toContain(ada.user.id);
    expect(text).not.toContain(id);
    const preview = await fetch(`${app.base}/api/public/invoices/${token}/preview`);
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain('<svg');
    const pdf = await fetch(`${app.base}/api/public/invoices/${token}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const wrong = await app.get(`/public/invoices/${'A'.repeat(43)}`);
    const never = await app.get('/public/invoices/x');
    const stopped = await app.post(`/invoices/${id}/share/revoke`, {}, as(ada.token));
    await app.applied(BigInt(String(stopped.body.position)));
    const revoked = await app.get(`/public/invoices/${token}`);
    for (const answer of [wrong, never, revoked]) {
      expect(answer.status).toBe(404);
      expect({ ...answer.body, requestId: undefined }).toEqual({ ...wrong.body, requestId: undefined });
    }
    for (const part of ['pdf', 'preview']) {
      const gone = await fetch(`${app.base}/api/public/invoices/${token}/${part}`);
      await gone.arrayBuffer();
      expect(gone.status).toBe(404);
    }

    // Replaying every read model from the log ends in the rows the live projector built.
    const reports = await replayProjections(app.database.db, projections);
    expect(reports.flatMap((report) => report.differences)).toEqual([]);
  });

  it('records the first view and later ones at most once an hour; the owner sees them in the History', async () => {
    const id = await issue(ada.token);
    const made = await app.post(`/invoices/${id}/share`, {}, as(ada.token));
    await app.applied(BigInt(String(made.body.position)));
    const token = String(made.body.url).split('/i/')[1] ?? '';
    const views = async () =>
      (await eventsOf(app, `invoice-${id}`)).filter((event) => event.type === 'InvoiceViewed').length;

    expect((await app.get(`/public/invoices/${token}`)).status).toBe(200);
    expect(await views()).toBe(1);
    clock += 59 * 60 * 1000;
    expect((await app.get(`/public/invoices/${token}`)).status).toBe(200);
    expect(await views()).toBe(1);
    clock += 60 * 1000;
    expect((await app.get(`/public/invoices/${token}`)).status).toBe(200);
    expect(await views()).toBe(2);

    const history = await app.get(`/invoices/${id}/history`, as(ada.token));
    const summaries = (history.body.events as { summary: string; by: unknown }[]).map(
      (event) => event.summary,
    );
    expect(summaries.filter((summary) => summary === 'Viewed by the customer')).toHaveLength(2);
    expect(summaries).toContain('Shared a customer page link');
  });
  it("answers the link's invoice id to its signed-in owner only; anyone else gets the public 404", async () => {
    const id = await issue(ada.token);
    const made = await app.post(`/invoices/${id}/share`, {}, as(ada.token));
    await app.applied(BigInt(String(made.body.position)));
    const token = String(made.body.url).split('/i/')[1] ?? '';
    const views = async () =>
      (await eventsOf(app, `invoice-${id}`)).filter((event) => event.type === 'InvoiceViewed').length;

    const owner = await app.get(`/shared-invoices/${token}`, as(ada.token));
    expect(owner.status).toBe(200);
    expect(owner.body).toEqual({ invoiceId: id });
    expect(owner.headers.get('cache-control')).toBe('private, no-store');
    // Signed out it is a sign-in question, not an answer about the link.
    expect((await app.get(`/shared-invoices/${token}`)).status).toBe(401);

    // The owner opening their own page is not the customer's view.
    expect((await app.get(`/public/invoices/${token}`, as(ada.token))).status).toBe(200);
    expect(await views()).toBe(0);
    expect((await app.get(`/public/invoices/${token}`, as(bob.token))).status).toBe(200);
    expect(await views()).toBe(1);

    const wrong = await app.get(`/public/invoices/${'A'.repeat(43)}`);
    const stranger = await app.get(`/shared-invoices/${token}`, as(bob.token));
    const mistyped = await app.get(`/shared-invoices/${'A'.repeat(43)}`, as(ada.token));
    const stopped = await app.post(`/invoices/${id}/share/revoke`, {}, as(ada.token));
    await app.applied(BigInt(String(stopped.body.position)));
    const revoked = await app.get(`/shared-invoices/${token}`, as(ada.token));
    for (const answer of [stranger, mistyped, revoked]) {
      expect(answer.status).toBe(404);
      expect({ ...answer.body, requestId: undefined }).toEqual({ ...wrong.body, requestId: undefined });
      expect(JSON.stringify(answer.body)).not.toContain(id);
    }
  });
});

describe.each(httpStores())('the customer page rate limit on %s', (kind) => {
  let app: TestApp;
  let ada: { token: string; user: { id: string } };
  // The server's clock runs with the real one (a slow machine's minute passes for both), moved ahead by the test.
  let ahead = 0;

  beforeAll(async () => {
    app = await startTestApp(kind, {
      now: () => new Date(Date.now() + ahead),
      env: { PUBLIC_INVOICE_LIMIT_PER_IP_MIN: '4' },
    });
    ada = await signedInUser(app, 'ada@example.com', 'Ada Lovelace');
  });
  afterAll(() => app.close());

  it('answers 429 with Retry-After past the configured requests a minute per client address, then lets it in again', async () => {
    const created = await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: 'LIMIT-1' }));
    await app.applied(BigInt(String(created.body.position)));
    const id = String((created.body.invoice as { ID: string }).ID);
    const made = await app.post(`/invoices/${id}/share`, {}, { token: ada.token });
    await app.applied(BigInt(String(made.body.position)));
    const token = String(made.body.url).split('/i/')[1] ?? '';
    const get = (path: string) => fetch(`${app.base}/api${path}`);

    const allowed = [
      await get(`/public/invoices/${token}`),
      await get(`/public/invoices/${token}/preview`),
      await get(`/public/invoices/${token}/pdf`),
      await get(`/public/invoices/${'A'.repeat(43)}`),
    ];
    expect(allowed.map((response) => response.status)).toEqual([200, 200, 200, 404]);
    // Every route of the page, a wrong token and the owner's question alike: refused before any lookup.
    const refused = [
      await get(`/public/invoices/${token}`),
      await get(`/public/invoices/${token}/pdf`),
      await get(`/public/invoices/${'B'.repeat(43)}`),
      await fetch(`${app.base}/api/shared-invoices/${token}`, {
        headers: { authorization: `Bearer ${ada.token}` },
      }),
    ];
    for (const response of refused) {
      expect(response.status).toBe(429);
      const retryAfter = Number(response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await response.json()).toEqual({
        error: 'Too many requests for invoice links from your network. Please wait a minute and try again.',
      });
    }
    // The owner's own app is not limited by it.
    expect((await app.get(`/invoices/${id}`, { token: ada.token })).status).toBe(200);

    ahead += 61_000;
    expect((await get(`/public/invoices/${token}`)).status).toBe(200);
  });
});
