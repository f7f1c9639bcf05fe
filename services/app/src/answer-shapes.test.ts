import {
  activitiesAnswerSchema,
  authProvidersSchema,
  authStatusSchema,
  checkoutAnswerSchema,
  confirmAnswerSchema,
  customerSuggestionsAnswerSchema,
  invoiceCommandAnswerSchema,
  invoiceHistoryAnswerSchema,
  invoiceListAnswerSchema,
  invoiceTemplatesAnswerSchema,
  invoiceViewSchema,
  messageAnswerSchema,
  nextInvoiceNumberAnswerSchema,
  paymentMethodAnswerSchema,
  paymentMethodsAnswerSchema,
  plansAnswerSchema,
  quickStatsAnswerSchema,
  recentInvoicesAnswerSchema,
  subscriptionAnswerSchema,
  subscriptionChangeSchema,
  subscriptionCheckSchema,
  topClientsAnswerSchema,
  userProfileSchema,
  userSettingsSchema,
} from '@remit/contracts';
import { testStores } from '@remit/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { subscribe } from './testing/profile.js';
import { signedInUser } from './testing/users.js';

/**
 * The server checks its own answers against the schemas the web app reads them with (contracts), so the
 * two cannot drift: every answer of a subscriber's journey parses, with nothing missing or of another type.
 */
/** `schema`: a contracts schema, zod or zod/mini (auth-public.ts). */
function expectShape<T>(
  schema: z.core.$ZodType<T>,
  answer: { status: number; body: unknown },
  status = 200,
): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  const parsed = z.safeParse(schema, answer.body);
  if (!parsed.success) throw new Error(`${parsed.error.message}\nin ${JSON.stringify(answer.body)}`);
  return parsed.data;
}

// On both stores: the drivers hand back numbers and dates their own way, and this checks every answer's shape.
describe.each(testStores())('every answer matches its contract on %s', (kind) => {
  let app: TestApp;
  let user: Awaited<ReturnType<typeof signedInUser>>;
  let invoiceId: string;

  beforeAll(async () => {
    app = await startTestApp(kind);
    user = await signedInUser(app, 'shapes@example.com', 'Grace Hopper');
    await subscribe(app, user);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers the invoice commands and queries in their contract shapes', async () => {
    const token = user.token;
    const method = expectShape(
      paymentMethodAnswerSchema,
      await app.post(
        '/settings/payment-methods',
        { name: 'Main account', type: 'bank_transfer', iban: 'DE89370400440532013000', swift: 'COBADEFFXXX' },
        { token },
      ),
      201,
    );
    const created = await postInvoice(
      app,
      token,
      invoicePayload({ invoiceNumber: 'SHAPE-001', paymentMethodId: method.paymentMethod.ID }),
    );
    const issued = expectShape(invoiceCommandAnswerSchema, created, 201);
    invoiceId = issued.invoice.ID;
    const headers = { 'X-Remit-Position': issued.position ?? '0' };

    const list = expectShape(
      invoiceListAnswerSchema,
      await app.get('/invoices?page=1&limit=15', { token, headers }),
    );
    expect(list.invoices.map((invoice) => invoice.ID)).toEqual([invoiceId]);
    expectShape(invoiceViewSchema, await app.get(`/invoices/${invoiceId}`, { token, headers }));
    const history = expectShape(
      invoiceHistoryAnswerSchema,
      await app.get(`/invoices/${invoiceId}/history`, { token }),
    );
    expect(history.events.map((event) => event.type)).toEqual(['InvoiceIssued']);
    expectShape(nextInvoiceNumberAnswerSchema, await app.get('/invoices/next-number', { token, headers }));
    expectShape(recentInvoicesAnswerSchema, await app.get('/invoices/recent', { token, headers }));
    const suggestions = expectShape(
      customerSuggestionsAnswerSchema,
      await app.get('/customers/suggestions?q=charles', { token, headers }),
    );
    expect(suggestions.length).toBeGreaterThan(0);
    expectShape(topClientsAnswerSchema, await app.get('/customers/top', { token, headers }));
    expectShape(quickStatsAnswerSchema, await app.get('/settings/quick-stats', { token, headers }));
    expectShape(activitiesAnswerSchema, await app.get('/activities/recent', { token, headers }));
    expectShape(invoiceTemplatesAnswerSchema, await app.get('/templates/get', { token }));
    expectShape(paymentMethodsAnswerSchema, await app.get('/settings/payment-methods', { token, headers }));
    expectShape(
      paymentMethodAnswerSchema,
      await app.call('PUT', `/settings/payment-methods/${method.paymentMethod.ID}/toggle`, { token }),
    );
  });

  it('answers the account, settings and billing calls in their contract shapes', async () => {
    const token = user.token;
    expectShape(authStatusSchema, await app.get('/auth/status', { token }));
    expectShape(authProvidersSchema, await app.get('/auth/providers'));
    expectShape(userSettingsSchema, await app.get('/settings', { token }));
    const profile = expectShape(userProfileSchema, await app.get('/settings/profile', { token }));
    expect(profile.Subscription?.Status).toBe('active');
    expectShape(subscriptionCheckSchema, await app.get('/check-subscription', { token }));
    expectShape(subscriptionAnswerSchema, await app.get('/subscription', { token }));
    expectShape(plansAnswerSchema, await app.get('/billing/plans', { token }));
    expectShape(
      messageAnswerSchema,
      await app.post('/auth/forgot-password', { email: 'shapes@example.com' }),
      202,
    );
    expectShape(messageAnswerSchema, await app.post('/auth/sessions/end-others', {}, { token }));
  });

  it('answers a checkout, its confirmation and a cancel in their contract shapes', async () => {
    const { token } = await signedInUser(app, 'checkout@example.com', 'Ada Lovelace');
    const started = expectShape(
      checkoutAnswerSchema,
      await app.post('/create-checkout-session', { plan: 'pro-monthly' }, { token }),
      201,
    );
    const paid = await fetch(`${app.base}${new URL(started.url).pathname}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const confirmed = expectShape(
      confirmAnswerSchema,
      await app.post('/confirm-subscription', { sessionId: started.sessionId }, { token }),
    );
    expect(confirmed.subscribed).toBe(true);
    const cancelled = expectShape(
      subscriptionChangeSchema,
      await app.post('/subscriptions/cancel', {}, { token }),
    );
    expect(cancelled.subscription?.CancelAtPeriodEnd).toBe(true);
  });
});
