import type { FakeStripe } from '@remit/command/testing/fake-stripe';
import Stripe from 'stripe';
import type { TestApp } from './harness.js';

export const WEBHOOK_SECRET = 'whsec_remit_test_secret';
export const stripePrices = {
  perInvoice: 'price_per_invoice',
  monthly: 'price_pro_monthly',
  yearly: 'price_pro_yearly',
};

/** The configuration of an app that takes payments through the fake's Stripe API. */
export const stripeEnv = (fake: FakeStripe) => ({
  STRIPE_SECRET_KEY: 'sk_test_remit',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_PER_INVOICE: stripePrices.perInvoice,
  STRIPE_PRICE_PRO_MONTHLY: stripePrices.monthly,
  STRIPE_PRICE_PRO_YEARLY: stripePrices.yearly,
  STRIPE_API_URL: fake.url,
});

let eventCount = 0;

/** A Stripe event as the API sends it; `object` is copied, as Stripe's event keeps the object of then. */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  created = Math.floor(Date.now() / 1000),
) {
  eventCount += 1;
  return {
    id: `evt_test_${eventCount}_${Date.now()}`,
    object: 'event',
    type,
    created,
    data: { object: structuredClone(object) },
    api_version: '2026-10-28.endive',
    livemode: false,
  };
}

const signer = new Stripe('sk_test_signer');

/** Delivers a webhook as Stripe does: the raw body signed with the endpoint's secret. */
export async function deliverWebhook(app: TestApp, event: object, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  const response = await fetch(`${app.base}/api/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
