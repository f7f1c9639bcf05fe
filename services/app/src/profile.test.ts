import { addDays, type QuickStats, type RecentInvoice, type TopClient } from '@remit/contracts';
import { httpStores } from '@remit/eventstore/testing';
import { projections, replayProjections } from '@remit/projector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice, tinyPng } from './testing/invoices.js';
import { appendFact, putSettingsForm, subscribe } from './testing/profile.js';
import { signedInUser } from './testing/users.js';

type Signed = Awaited<ReturnType<typeof signedInUser>>;

const today = new Date().toISOString().slice(0, 10);
const vatMessage = 'VAT number can only contain uppercase letters, numbers, and hyphens';

/** 2 × 950.50 + 3 × 0.10 + 20% tax, as `invoicePayload` bills it. */
const DEFAULT_TOTAL = 228156;

describe.each(httpStores())('profile, stats, top clients and activities over HTTP on %s', (kind) => {
  let app: TestApp;
  let sam: Signed;
  let fay: Signed;
  const ids: Record<string, string> = {};

  async function issue(token: string, number: string, overrides: Parameters<typeof invoicePayload>[0] = {}) {
    const created = await postInvoice(app, token, invoicePayload({ invoiceNumber: number, ...overrides }));
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    ids[number] = (created.body.invoice as { ID: string }).ID;
    return ids[number];
  }
  const customer = (name: string, email: string) => ({ customerName: name, customerEmail: email });

  beforeAll(async () => {
    app = await startTestApp(kind);
    sam = await signedInUser(app, 'sam@example.com', 'Sam Subscriber');
    fay = await signedInUser(app, 'fay@example.com', 'Fay Free');
    await subscribe(app, sam);
    // Two currencies and then some: overdue, paid two ways, pending, not yet issued, revised and deleted.
    await issue(sam.token, 'S-0001', {
      ...customer('Charles Babbage', 'charles@example.com'),
      issueDate: '2024-01-01',
      dueDate: '2024-01-31',
    });
    const paidFor = await issue(sam.token, 'S-0002', {
      ...customer('Mary Somerville', 'mary@example.com'),
      issueDate: '2024-02-01',
      dueDate: '2024-03-01',
    });
    const pending = await issue(sam.token, 'S-0003', {
      ...customer('Michael Faraday', 'michael@example.com'),
      currency: 'JPY',
      taxRate: 0,
      items: [{ description: 'Lectures', quantity: 1, unitPrice: '5000' }],
      issueDate: today,
      dueDate: addDays(today, 30),
    });
    await issue(sam.token, 'S-0004', {
      ...customer('Caroline Herschel', 'caroline@example.com'),
      currency: 'USD',
      taxRate: 0,
      items: [{ description: 'Comet survey', quantity: 1, unitPrice: '100' }],
      issueDate: addDays(today, 10),
      dueDate: addDays(today, 40),
    });
    const deleted = await issue(sam.token, 'S-0005', customer('Charles Babbage', 'CHARLES@example.com'));
    const purchased = await issue(sam.token, 'S-0006', {
      ...customer('Mary Somerville', 'mary@example.com'),
      issueDate: '2024-03-01',
      dueDate: '2024-03-31',
    });
    const revised = await app.call('PUT', `/invoices/${pending}`, {
      token: sam.token,
      body: invoicePayload({
        invoiceNumber: 'S-0003',
        ...customer('Michael Faraday', 'michael@example.com'),
        currency: 'JPY',
        taxRate: 0,
        items: [{ description: 'Lectures', quantity: 1, unitPrice: '7000' }],
        issueDate: today,
        dueDate: addDays(today, 30),
      }),
    });
    expect(revised.status).toBe(200);
    expect((await app.call('DELETE', `/invoices/${deleted}`, { token: sam.token })).status).toBe(200);
    await appendFact(app, `invoice-${paidFor}`, {
      type: 'InvoicePaidFor',
      data: { invoiceId: paidFor, userId: sam.user.id, sessionId: 'cs_1', amount: 399, currency: 'EUR' },
    });
    await appendFact(app, `subscription-${sam.user.id}`, {
      type: 'InvoicePurchased',
      data: { userId: sam.user.id, invoiceId: purchased },
    });
    // What customers paid (issue 14): S-0006 in full, S-0001 in part. The purchases above unlock, not earn.
    const payments = [
      await app.post(`/invoices/${purchased}/payments`, {}, { token: sam.token }),
      await app.post(`/invoices/${ids['S-0001']}/payments`, { amount: '1000' }, { token: sam.token }),
    ];
    for (const payment of payments) expect(payment.status).toBe(201);
    await app.applied(BigInt(String(payments[1]?.body.position)));
  }, 240_000);
  afterAll(() => app.close());

  it('keeps recent invoices, quick stats and top clients for subscribers: 402 subscription_required', async () => {
    for (const path of ['/settings/quick-stats', '/customers/top', '/invoices/recent']) {
      const locked = await app.get(path, { token: fay.token });
      expect(locked.status, path).toBe(402);
      expect(locked.body).toMatchObject({ error: expect.any(String), code: 'subscription_required' });
    }
    expect((await app.get('/activities/recent', { token: fay.token })).status).toBe(200);
  });

  it('computes the quick stats per currency over live invoices', async () => {
    const answer = await app.get('/settings/quick-stats', { token: sam.token });
    expect(answer.status).toBe(200);
    expect(answer.body.stats as QuickStats).toEqual({
      // Money customers paid: S-0006 in full and 1,000.00 of S-0001; a purchase from Remit is not revenue.
      totalRevenue: [{ currency: 'EUR', amount: DEFAULT_TOTAL + 100000 }],
      pendingPayments: [
        { currency: 'JPY', amount: 7000 },
        { currency: 'EUR', amount: DEFAULT_TOTAL - 100000 + DEFAULT_TOTAL },
        { currency: 'USD', amount: 10000 },
      ],
      // S-0001 (its balance) and S-0002 (bought, never paid by Mary) are past due.
      overduePayments: [{ currency: 'EUR', amount: DEFAULT_TOTAL - 100000 + DEFAULT_TOTAL }],
      activeClients: 4,
      totalInvoices: 5,
      totalCustomers: 4,
    });
  });

  it('ranks top clients within each currency, never across (¥7,000 does not outrank €…)', async () => {
    const answer = await app.get('/customers/top', { token: sam.token });
    expect(answer.status).toBe(200);
    const clients = answer.body.clients as TopClient[];
    // EUR first (3 invoices), then JPY and USD (1 each, by code); by total within each.
    expect(clients.map(({ ID: _id, ...client }) => client)).toEqual([
      {
        CustomerName: 'Mary Somerville',
        TotalInvoices: 2,
        TotalAmount: 2 * DEFAULT_TOTAL,
        PaidAmount: DEFAULT_TOTAL,
        OutstandingAmount: DEFAULT_TOTAL,
        Currency: 'EUR',
      },
      {
        CustomerName: 'Charles Babbage',
        TotalInvoices: 1,
        TotalAmount: DEFAULT_TOTAL,
        PaidAmount: 100000,
        OutstandingAmount: DEFAULT_TOTAL - 100000,
        Currency: 'EUR',
      },
      {
        CustomerName: 'Michael Faraday',
        TotalInvoices: 1,
        TotalAmount: 7000,
        PaidAmount: 0,
        OutstandingAmount: 7000,
        Currency: 'JPY',
      },
      {
        CustomerName: 'Caroline Herschel',
        TotalInvoices: 1,
        TotalAmount: 10000,
        PaidAmount: 0,
        OutstandingAmount: 10000,
        Currency: 'USD',
      },
    ]);
    expect(new Set(clients.map((client) => client.ID)).size).toBe(4);
  });

  it('lists the 5 newest invoices with Paid, Draft, Pending and Overdue from what customers paid', async () => {
    const answer = await app.get('/invoices/recent', { token: sam.token });
    expect(answer.status).toBe(200);
    expect(answer.body.invoices as RecentInvoice[]).toEqual([
      {
        id: ids['S-0006'],
        InvoiceNumber: 'S-0006',
        Status: 'Paid',
        IssueDate: '2024-03-01',
        Amount: DEFAULT_TOTAL,
        Currency: 'EUR',
      },
      {
        id: ids['S-0004'],
        InvoiceNumber: 'S-0004',
        Status: 'Draft',
        IssueDate: addDays(today, 10),
        Amount: 10000,
        Currency: 'USD',
      },
      {
        id: ids['S-0003'],
        InvoiceNumber: 'S-0003',
        Status: 'Pending',
        IssueDate: today,
        Amount: 7000,
        Currency: 'JPY',
      },
      {
        id: ids['S-0002'],
        InvoiceNumber: 'S-0002',
        Status: 'Overdue',
        IssueDate: '2024-02-01',
        Amount: DEFAULT_TOTAL,
        Currency: 'EUR',
      },
      {
        id: ids['S-0001'],
        InvoiceNumber: 'S-0001',
        Status: 'Overdue',
        IssueDate: '2024-01-01',
        Amount: DEFAULT_TOTAL,
        Currency: 'EUR',
      },
    ]);
  });

  it('shows the profile: name, e-mail, company and the subscription (null without one)', async () => {
    expect((await app.get('/settings/profile', { token: fay.token })).body).toEqual({
      Name: 'Fay Free',
      Email: 'fay@example.com',
      Settings: { LogoURL: null, CompanyName: '', UserCompanyVAT: null },
      Subscription: null,
    });
    const profile = await app.get('/settings/profile', { token: sam.token });
    expect(profile.body).toMatchObject({
      Name: 'Sam Subscriber',
      Email: 'sam@example.com',
      Subscription: { Status: 'active', PlanName: 'Pro', BillingCycle: 'monthly', CancelAtPeriodEnd: false },
    });
  });

  it('updates the company profile as JSON and refuses a bad VAT', async () => {
    const updated = await app.call('PUT', '/settings', {
      token: fay.token,
      body: { Settings: { CompanyName: 'Fay & Co', UserCompanyVAT: 'DE-123456789', DefaultCurrency: 'EUR' } },
    });
    expect(updated.status).toBe(200);
    const profile = await app.get('/settings/profile', {
      token: fay.token,
      headers: { 'X-Remit-Position': String(updated.body.position) },
    });
    expect(profile.body.Settings).toEqual({
      LogoURL: null,
      CompanyName: 'Fay & Co',
      UserCompanyVAT: 'DE-123456789',
    });
    const bad = await app.call('PUT', '/settings', {
      token: fay.token,
      body: { Settings: { CompanyName: 'Fay & Co', UserCompanyVAT: 'de 1234/56' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ 'Settings.UserCompanyVAT': vatMessage });
    const badForm = await putSettingsForm(
      app,
      fay.token,
      { Settings: { UserCompanyVAT: 'x' } },
      { bytes: tinyPng, type: 'image/png' },
    );
    expect(badForm.status).toBe(400);
    expect(badForm.body.fields).toEqual({ 'Settings.UserCompanyVAT': vatMessage });
    expect((await app.get('/settings', { token: fay.token })).body.Settings).toMatchObject({
      UserCompanyVAT: 'DE-123456789',
      LogoURL: null,
    });
  });

  it('stores a logo sent as multipart like the invoice logo, serves it, and removes it', async () => {
    const settings = {
      Settings: { CompanyName: 'Fay & Co', UserCompanyVAT: 'DE-123456789', DefaultCurrency: 'EUR' },
    };
    const uploaded = await putSettingsForm(app, fay.token, settings, { bytes: tinyPng, type: 'image/png' });
    expect(uploaded.status).toBe(200);
    const logoUrl = (uploaded.body.settings as { Settings: { LogoURL: string } }).Settings.LogoURL;
    expect(logoUrl).toMatch(/^\/api\/logos\/[a-f0-9]{40}$/);
    const wait = { 'X-Remit-Position': String(uploaded.body.position) };
    expect((await app.get('/settings/profile', { token: fay.token, headers: wait })).body.Settings).toEqual({
      LogoURL: logoUrl,
      CompanyName: 'Fay & Co',
      UserCompanyVAT: 'DE-123456789',
    });
    expect((await app.get('/settings', { token: fay.token })).body.Settings).toMatchObject({
      LogoURL: logoUrl,
      DefaultCurrency: 'EUR',
    });
    const image = await fetch(`${app.base}${logoUrl}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(Buffer.from(tinyPng))).toBe(true);

    const logoOnly = new FormData();
    logoOnly.set('logo', new Blob([tinyPng], { type: 'image/png' }), 'logo.png');
    const withoutSettings = await fetch(`${app.base}/api/settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${fay.token}` },
      body: logoOnly,
    });
    expect(withoutSettings.status).toBe(400);
    expect(await withoutSettings.json()).toMatchObject({
      fields: { settings: 'The settings field is missing' },
    });

    const notImage = await putSettingsForm(app, fay.token, settings, {
      bytes: new TextEncoder().encode('<svg/>'),
      type: 'image/svg+xml',
    });
    expect(notImage.status).toBe(415);
    expect(notImage.body.fields).toEqual({ logo: 'The logo must be a PNG, JPEG, GIF or WebP image' });

    const removed = await app.call('PUT', '/settings', {
      token: fay.token,
      body: { ...settings, removeLogo: true },
    });
    expect(removed.status).toBe(200);
    expect((removed.body.settings as { Settings: { LogoURL: unknown } }).Settings.LogoURL).toBeNull();
    const after = await app.get('/settings/profile', {
      token: fay.token,
      headers: { 'X-Remit-Position': String(removed.body.position) },
    });
    expect((after.body.Settings as { LogoURL: unknown }).LogoURL).toBeNull();
  });

  it('tells the recent activity newest first, at most 10, linking invoices that still exist', async () => {
    // Two real changes: with the earlier ones there are eleven activities, one more than are told.
    for (const days of [14, 21]) {
      const changed = await app.call('PUT', '/settings', {
        token: fay.token,
        body: {
          DefaultDueDays: days,
          Settings: { CompanyName: 'Fay & Co', UserCompanyVAT: 'DE-123456789', DefaultCurrency: 'EUR' },
        },
      });
      expect(changed.status).toBe(200);
    }
    const invoiceId = await issue(fay.token, 'F-0001', customer('Ada Byron', 'ada@byron.example'));
    const gone = await issue(fay.token, 'F-0002', customer('Ada Byron', 'ada@byron.example'));
    await app.call('DELETE', `/invoices/${gone}`, { token: fay.token });
    const added = await app.post(
      '/settings/payment-methods',
      { name: 'PayPal', type: 'digital', paymentLink: 'https://paypal.me/fay' },
      { token: fay.token },
    );
    const answer = await app.get('/activities/recent', {
      token: fay.token,
      headers: { 'X-Remit-Position': String(added.body.position) },
    });
    const activities = answer.body.activities as {
      id: string;
      type: string;
      at: string;
      summary: string;
      invoiceId: string | null;
    }[];
    expect(activities).toHaveLength(10);
    expect(
      activities.slice(0, 6).map(({ type, summary, invoiceId: linked }) => [type, summary, linked]),
    ).toEqual([
      ['payment_method_default', 'Payment method PayPal set as default', null],
      ['payment_method_added', 'Payment method PayPal added', null],
      ['invoice_deleted', 'Invoice F-0002 deleted', null],
      ['invoice_created', 'Invoice F-0002 created for Difference Works', null],
      ['invoice_created', 'Invoice F-0001 created for Difference Works', invoiceId],
      ['profile_updated', 'Profile updated', null],
    ]);
    expect(activities.every((activity) => !Number.isNaN(Date.parse(activity.at)))).toBe(true);
    expect(activities.map((activity) => BigInt(activity.id))).toEqual(
      activities.map((activity) => BigInt(activity.id)).sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)),
    );
    const sams = (await app.get('/activities/recent', { token: sam.token })).body.activities as {
      summary: string;
    }[];
    expect(sams.map((activity) => activity.summary)).toContain('Invoice S-0006 paid');
    expect(sams.some((activity) => activity.summary.includes('F-000'))).toBe(false);
  });

  it('rebuilds every read model from the log equal to the live one', async () => {
    await app.remit.caughtUp();
    const reports = await replayProjections(app.database.db, projections);
    expect(reports.map((report) => [report.projection, report.differences])).toEqual(
      projections.map((projection) => [projection.name, []]),
    );
  });
});
