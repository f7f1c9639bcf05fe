/**
 * What record-fixture-log.ts does to the app before it dumps the log: the people, invoices, payments and
 * webhooks of one era of the event catalogue, driven over HTTP as people would.
 */
import { createEventStore } from '@remit/eventstore';
import Stripe from 'stripe';
import type { TestApp } from '../src/testing/harness.js';
import { invoicePayload, postInvoice, tinyPng } from '../src/testing/invoices.js';
import { signedInUser } from '../src/testing/users.js';

function expectStatus(answer: { status: number; body: unknown }, status: number, what: string) {
  if (answer.status !== status) {
    throw new Error(`${what}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}

export async function sandboxScenario(app: TestApp) {
  const ada = await signedInUser(app, 'ada@example.com', 'Ada Lovelace');
  const grace = await signedInUser(app, 'grace@example.com', 'Grace Hopper');
  expectStatus(
    await app.post('/auth/signup', {
      name: 'Alan Turing',
      email: 'alan@example.com',
      password: 'Sunflower42',
    }),
    201,
    'unverified sign-up',
  );
  await app.post('/auth/resend-verification', { email: 'alan@example.com' });

  const settings = {
    Name: 'Ada Lovelace',
    DefaultDueDays: 30,
    Settings: {
      CompanyEmail: 'billing@engines.example',
      CompanyAddress: '12 Analytical Street, London',
      CompanyName: 'Engines & Co',
      DefaultCurrency: 'EUR',
      UserCompanyVAT: 'GB123456789',
    },
  };
  const put = (body: unknown, key?: string) =>
    app.call('PUT', '/settings', {
      body,
      token: ada.token,
      ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
    });
  expectStatus(await put(settings, 'settings-key-0001'), 200, 'settings');
  expectStatus(await put(settings), 200, 'settings unchanged');
  expectStatus(await put({ ...settings, DefaultDueDays: 14 }), 200, 'settings changed');
  const form = new FormData();
  form.set('settings', JSON.stringify(settings));
  form.set('logo', new Blob([tinyPng], { type: 'image/png' }), 'logo.png');
  const logo = await fetch(`${app.base}/api/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${ada.token}` },
    body: form,
  });
  if (logo.status !== 200) throw new Error(`logo: ${logo.status}`);

  const bank = await app.post(
    '/settings/payment-methods',
    {
      name: 'Main account',
      type: 'bank_transfer',
      bankName: 'Bank of London',
      iban: 'GB82 WEST 1234 5698 7654 32',
      swift: 'NWBKGB2L',
      isDefault: true,
    },
    { token: ada.token, headers: { 'Idempotency-Key': 'method-key-0001' } },
  );
  expectStatus(bank, 201, 'bank method');
  const bankId = (bank.body.paymentMethod as { ID: string }).ID;
  const link = await app.post(
    '/settings/payment-methods',
    { name: 'Card', type: 'digital', paymentLink: 'https://pay.example/ada', instructions: 'Pay online' },
    { token: ada.token },
  );
  expectStatus(link, 201, 'digital method');
  const linkId = (link.body.paymentMethod as { ID: string }).ID;
  expectStatus(
    await app.call('PUT', `/settings/payment-methods/${linkId}`, {
      token: ada.token,
      body: {
        name: 'Card payments',
        type: 'digital',
        paymentLink: 'https://pay.example/ada',
        isDefault: true,
      },
    }),
    200,
    'update method',
  );
  expectStatus(
    await app.call('PUT', `/settings/payment-methods/${linkId}/toggle`, { token: ada.token }),
    200,
    'toggle method',
  );

  const ids: string[] = [];
  const issue = async (number: string, overrides = {}, options = {}) => {
    const created = await postInvoice(
      app,
      ada.token,
      invoicePayload({ invoiceNumber: number, paymentMethodId: bankId, ...overrides }),
      options,
    );
    expectStatus(created, 201, `invoice ${number}`);
    const id = (created.body.invoice as { ID: string }).ID;
    ids.push(id);
    return id;
  };
  const first = await issue('INV-0001', {}, { headers: { 'Idempotency-Key': 'invoice-key-0001' } });
  // The same command again: answered from the first time.
  await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: 'INV-0001', paymentMethodId: bankId }), {
    headers: { 'Idempotency-Key': 'invoice-key-0001' },
  });
  const second = await issue(
    'INV-0002',
    {
      customerName: 'Mary Somerville',
      customerEmail: 'mary@example.com',
      currency: 'USD',
      taxRate: 7.5,
      issueDate: '2024-02-01',
      dueDate: '2024-03-01',
    },
    { logo: { bytes: tinyPng, type: 'image/png' } },
  );
  const third = await issue('INV-0003', {
    currency: 'JPY',
    taxRate: 0,
    items: [{ description: 'Lectures', quantity: 3, unitPrice: '5000' }],
  });
  await issue('INV-0004', { customerName: 'Michael Faraday', customerEmail: 'michael@example.com' });
  const revised = invoicePayload({
    invoiceNumber: 'INV-0003-B',
    currency: 'JPY',
    taxRate: 10,
    items: [{ description: 'Lectures and notes', quantity: 4, unitPrice: '5000' }],
  });
  expectStatus(
    await app.call('PUT', `/invoices/${third}`, { token: ada.token, body: revised }),
    200,
    'revise',
  );
  expectStatus(
    await app.call('PUT', `/invoices/${third}`, { token: ada.token, body: revised }),
    200,
    'revise again',
  );
  expectStatus(await app.call('DELETE', `/invoices/${first}`, { token: ada.token }), 200, 'delete');

  // One-time purchase of an older invoice through the sandbox checkout, then a subscription.
  const plans = await app.get('/billing/plans');
  const priceOf = (id: string) =>
    (plans.body.plans as { id: string; priceId: string }[]).find((plan) => plan.id === id)?.priceId;
  const pay = async (body: Record<string, unknown>) => {
    const started = await app.post('/create-checkout-session', body, { token: ada.token });
    expectStatus(started, 201, 'checkout');
    const path = new URL(started.body.url as string).pathname;
    const paid = await fetch(`${app.base}${path}/pay`, { method: 'POST', redirect: 'manual' });
    if (paid.status !== 303) throw new Error(`pay: ${paid.status}`);
    return started.body.sessionId as string;
  };
  const bought = await pay({ priceId: priceOf('per-invoice'), isOneTime: true, invoiceId: second });
  expectStatus(
    await app.post(
      '/confirm-one-time-payment',
      { sessionId: bought, invoiceId: second },
      { token: ada.token },
    ),
    200,
    'confirm purchase',
  );
  const subscribed = await pay({
    priceId: priceOf('pro-monthly'),
    isOneTime: false,
    planName: 'Pro Monthly',
  });
  expectStatus(
    await app.post('/confirm-subscription', { sessionId: subscribed }, { token: ada.token }),
    200,
    'confirm',
  );
  expectStatus(await app.post('/subscriptions/cancel', {}, { token: ada.token }), 200, 'cancel');
  expectStatus(await app.post('/subscriptions/resume', {}, { token: ada.token }), 200, 'resume');

  const graceInvoice = await postInvoice(
    app,
    grace.token,
    invoicePayload({
      invoiceNumber: 'G-1',
      userName: 'Grace Hopper',
      customerName: 'Howard Aiken',
      customerEmail: 'howard@example.com',
      currency: 'GBP',
    }),
  );
  expectStatus(graceInvoice, 201, 'grace invoice');
  // A subscription fact in the shape written before billing existed (five fields), as older logs hold it.
  const store = createEventStore(app.database);
  await store.append(
    `subscription-${grace.user.id}`,
    [
      {
        type: 'SubscriptionActivated',
        data: {
          userId: grace.user.id,
          planName: 'Pro',
          billingCycle: 'monthly',
          status: 'active',
          currentPeriodEnd: '2099-01-01T00:00:00.000Z',
        },
        metadata: { userId: grace.user.id, client: 'system' },
      },
    ],
    { expectedVersion: 'no_stream' },
  );
  await store.close();
  expectStatus(await app.post('/auth/logout', {}, { token: grace.token }), 200, 'logout');
}

export async function stripeScenario(app: TestApp) {
  const signer = new Stripe('sk_test_signer');
  const ken = await signedInUser(app, 'ken@example.com', 'Ken Thompson');
  const plans = await app.get('/billing/plans');
  const monthly = (plans.body.plans as { id: string; priceId: string }[]).find(
    (plan) => plan.id === 'pro-monthly',
  );
  const started = await app.post(
    '/create-checkout-session',
    { priceId: monthly?.priceId, isOneTime: false, planName: 'Pro Monthly' },
    { token: ken.token },
  );
  expectStatus(started, 201, 'stripe checkout');
  const created = Math.floor(Date.now() / 1000);
  const subscription = {
    id: 'sub_fixture_1',
    object: 'subscription',
    customer: 'cus_fixture_ken',
    status: 'active',
    cancel_at_period_end: false,
    trial_end: null,
    metadata: { userId: ken.user.id },
    items: {
      data: [{ price: { id: monthly?.priceId }, current_period_end: created + 30 * 86_400 }],
    },
  };
  const deliver = async (id: string, type: string, object: object, at: number) => {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      created: at,
      data: { object },
      livemode: false,
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_fixture' });
    const response = await fetch(`${app.base}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    if (response.status !== 200)
      throw new Error(`webhook ${type}: ${response.status} ${await response.text()}`);
  };
  await deliver('evt_fixture_1', 'customer.subscription.created', subscription, created);
  await deliver('evt_fixture_1', 'customer.subscription.created', subscription, created);
  await deliver(
    'evt_fixture_2',
    'customer.subscription.updated',
    { ...subscription, cancel_at_period_end: true },
    created + 60,
  );
  await deliver(
    'evt_fixture_3',
    'customer.subscription.deleted',
    { ...subscription, status: 'canceled' },
    created + 120,
  );
}
