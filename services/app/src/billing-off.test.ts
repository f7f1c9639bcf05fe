import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { signedInUser } from './testing/users.js';

/** Self-hosting without a paywall (issue 34, item 22): `BILLING=off` makes every account a subscriber. */
describe('BILLING=off', () => {
  let app: TestApp;
  let token = '';
  const ids: string[] = [];
  let issued = '';

  beforeAll(async () => {
    app = await startTestApp('pglite', { env: { BILLING: 'off' } });
    ({ token } = await signedInUser(app, 'self-hosted@example.com'));
    for (const number of ['OWN-001', 'OWN-002']) {
      const created = await postInvoice(app, token, invoicePayload({ invoiceNumber: number }));
      ids.push((created.body.invoice as { ID: string }).ID);
      issued = String(created.body.position);
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  const read = (path: string) => app.get(path, { token, headers: { 'X-Remit-Position': issued } });

  it('counts every account as a subscriber, with every paid feature open', async () => {
    expect((await read('/check-subscription')).body).toEqual({ subscribed: true });
    expect((await read('/subscription')).body.subscription).toMatchObject({
      Status: 'active',
      PlanName: 'Pro',
    });
    expect((await read('/settings/profile')).body.Subscription).toMatchObject({ Status: 'active' });
    for (const path of ['/settings/quick-stats', '/customers/top', '/invoices/recent', '/invoices?page=2']) {
      expect((await read(path)).status, path).toBe(200);
    }
  });

  it('opens every invoice and its PDF, the older ones too', async () => {
    const older = ids[0] as string;
    const listed = await read('/invoices');
    const rows = listed.body.invoices as { ID: string; locked: boolean }[];
    expect(rows.map((row) => row.locked)).toEqual([false, false]);
    expect((await read(`/invoices/${older}`)).status).toBe(200);
    const pdf = await fetch(`${app.base}/api/invoices/${older}/pdf`, {
      headers: { authorization: `Bearer ${token}`, 'X-Remit-Position': issued },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });

  it('offers no plans and refuses every checkout with a clear 409', async () => {
    expect((await app.get('/billing/plans')).body).toMatchObject({ billing: 'off', plans: [] });
    for (const [path, body] of [
      ['/create-checkout-session', { plan: 'pro-monthly' }],
      ['/subscription/upgrade', {}],
      ['/create-checkout-session', { plan: 'per-invoice', isOneTime: true, invoiceId: ids[0] }],
    ] as const) {
      const answer = await app.post(path, body, { token });
      expect(answer, path).toMatchObject({
        status: 409,
        body: {
          error: 'Billing is off on this server: every account has every feature.',
          code: 'billing_off',
        },
      });
    }
  });
});
