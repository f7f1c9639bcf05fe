import { gzipSync } from 'node:zlib';
import { httpStores } from '@remit/eventstore/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { signedInUser } from './testing/users.js';

/** The page as a browser asks it: HTML, no session (a navigation carries none). */
async function openPage(app: TestApp, path: string) {
  const response = await fetch(`${app.base}${path}`, { headers: { Accept: 'text/html' } });
  return { response, html: await response.text() };
}

describe.each(httpStores())('the customer page as the server writes it on %s', (kind) => {
  let app: TestApp;
  let ada: { token: string; user: { id: string } };
  let numbered = 0;

  beforeAll(async () => {
    app = await startTestApp(kind);
    ada = await signedInUser(app, 'ada@example.com', 'Ada Lovelace');
  });
  afterAll(() => app.close());

  const as = (token: string) => ({ token, headers: {} });

  /** An issued invoice with an active link; returns its id and the link's path. */
  async function shared(overrides: Record<string, unknown> = {}) {
    numbered += 1;
    const created = await postInvoice(
      app,
      ada.token,
      invoicePayload({ invoiceNumber: `PAGE-${numbered}`, ...overrides } as never),
    );
    expect(created.status).toBe(201);
    await app.applied(BigInt(String(created.body.position)));
    const id = String((created.body.invoice as { ID: string }).ID);
    const made = await app.post(`/invoices/${id}/share`, {}, as(ada.token));
    await app.applied(BigInt(String(made.body.position)));
    return { id, path: new URL(String(made.body.url)).pathname, number: `PAGE-${numbered}` };
  }

  it('writes the whole page, out of search engines, with one small script of its own and none of the app', async () => {
    const { path, number } = await shared();
    const { response, html } = await openPage(app, path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`<h1>Invoice ${number}</h1>`);
    expect(html).toContain('Amount due');
    expect(html).toContain('Download PDF');
    expect(html).toContain(`src="/api/public/invoices/${path.slice(3)}/preview" sandbox=""`);
    // The owner's bar is there for the script to show to the signed-in owner only: hidden, and nothing else leads in.
    expect(html).toContain('<aside class="owner" aria-label="Owner view" hidden>');
    expect(html.replace(/<aside[\s\S]*<\/aside>/, '')).not.toMatch(/sign in|dashboard/i);
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(scripts).toHaveLength(1);
    expect(html).not.toContain('/assets/');
    const script = await fetch(`${app.base}${scripts[0]}`);
    expect(script.headers.get('content-type')).toContain('javascript');
    // Issue 28: at most 30 KB of JavaScript for the page (compressed, as it travels).
    expect(gzipSync(await script.text()).length).toBeLessThan(30 * 1024);
  });

  it("counts no view for the page itself: the customer's visit is counted when its script asks, as before", async () => {
    const { id, path } = await shared();
    await openPage(app, path);
    const result = await app.database.db.execute(
      sql`select count(*)::int as views from events where stream_id = ${`invoice-${id}`} and type = 'InvoiceViewed'`,
    );
    expect((result as unknown as { rows: { views: number }[] }).rows[0]?.views).toBe(0);
  });

  it("speaks the invoice's language (issue 30), the JSON view too: it is in the log, not the read model's row", async () => {
    const { path, number } = await shared({ language: 'de' });
    const { html } = await openPage(app, path);
    expect(html).toContain('<html lang="de">');
    expect(html).toContain(`<h1>Rechnung ${number}</h1>`);
    expect(html).toContain('PDF herunterladen');
    expect(html).not.toContain('Amount due');
    expect((await app.get(`/public/invoices/${path.slice(3)}`)).body).toMatchObject({ language: 'de' });
  });

  it('says a paid invoice is paid in full, and a void one asks for nothing and shows no way to pay', async () => {
    const paid = await shared();
    const payment = await app.post(`/invoices/${paid.id}/payments`, { date: '2026-01-20' }, as(ada.token));
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    await app.applied(BigInt(String(payment.body.position)));
    const paidPage = (await openPage(app, paid.path)).html;
    expect(paidPage).toContain('Paid in full');
    expect(paidPage).toContain('class="stamp"');
    expect(paidPage).not.toContain('data-mark-paid');

    const voided = await shared();
    const answer = await app.post(`/invoices/${voided.id}/void`, { reason: 'Issued twice' }, as(ada.token));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await app.applied(BigInt(String(answer.body.position)));
    const voidPage = (await openPage(app, voided.path)).html;
    expect(voidPage).toContain('Nothing to pay');
    expect(voidPage).toContain('<s>');
    expect(voidPage).not.toContain('How to pay');
    expect(voidPage).not.toContain('Issued twice');
  });

  it('answers a wrong or stopped link with one 404 page, and escapes what the owner wrote', async () => {
    const wrong = await openPage(app, `/i/${'A'.repeat(43)}`);
    expect(wrong.response.status).toBe(404);
    expect(wrong.html).toContain('This invoice link is not valid');
    const { id, path } = await shared({ userCompanyName: "Zoë Łukasiewicz-Ørsted & O'Brien" });
    const page = (await openPage(app, path)).html;
    expect(page).toContain('<p>Zoë Łukasiewicz-Ørsted &#38; O&#39;Brien</p>');
    const stopped = await app.post(`/invoices/${id}/share/revoke`, {}, as(ada.token));
    await app.applied(BigInt(String(stopped.body.position)));
    expect((await openPage(app, path)).response.status).toBe(404);
  });
});
