import { createEventStore } from '@remit/eventstore';
import { extractText } from 'unpdf';
import type { TestApp } from './harness.js';

/**
 * Makes the user a paying subscriber as billing would (a `SubscriptionActivated` on `subscription-{userId}`),
 * and waits until every read model has applied it.
 */
export async function subscribe(app: TestApp, user: { token: string; user: { id: string } }): Promise<void> {
  const store = createEventStore(app.database);
  try {
    const { position } = await store.append(
      `subscription-${user.user.id}`,
      [
        {
          type: 'SubscriptionActivated',
          data: {
            userId: user.user.id,
            planName: 'Pro',
            billingCycle: 'monthly',
            status: 'active',
            currentPeriodEnd: '2099-01-01T00:00:00.000Z',
          },
        },
      ],
      { expectedVersion: 'any' },
    );
    await app.applied(position);
  } finally {
    await store.close();
  }
}

/** Appends billing's or an invoice's fact straight to the store (as billing would), then waits for it. */
export async function appendFact(
  app: TestApp,
  streamId: string,
  event: { type: string; data: Record<string, unknown> },
): Promise<void> {
  const store = createEventStore(app.database);
  try {
    const { position } = await store.append(streamId, [event], { expectedVersion: 'any' });
    await app.applied(position);
  } finally {
    await store.close();
  }
}

/** `PUT /settings` as multipart: the settings JSON in the field `settings`, and an optional `logo` file. */
export async function putSettingsForm(
  app: TestApp,
  token: string,
  settings: unknown,
  logo?: { bytes: Uint8Array; type: string },
) {
  const form = new FormData();
  form.set('settings', JSON.stringify(settings));
  if (logo) form.set('logo', new Blob([logo.bytes], { type: logo.type }), 'logo.png');
  const response = await fetch(`${app.base}/api/settings`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/** The text of an invoice's PDF as a reader would copy it (`GET /invoices/{id}/pdf`). */
export async function invoicePdfText(app: TestApp, token: string, invoiceId: string): Promise<string> {
  const response = await fetch(`${app.base}/api/invoices/${invoiceId}/pdf`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`PDF answered ${response.status}: ${await response.text()}`);
  const { text } = await extractText(new Uint8Array(await response.arrayBuffer()), { mergePages: true });
  return text;
}

/**
 * Anna's company in Berlin as the settings form sends it, with everything an EN 16931 seller needs (postal address,
 * VAT id, phone, tax number): her documents are ready for every e-invoice format where the customer's are.
 */
export const einvoiceReadySeller = {
  Name: 'Anna Schmidt',
  DefaultDueDays: 30,
  Settings: {
    CompanyEmail: 'anna@mueller-soehne.de',
    CompanyAddress: 'Torstraße 12, Berlin',
    CompanyName: 'Müller & Söhne',
    DefaultCurrency: 'EUR',
    UserCompanyVAT: 'DE123456789',
    CompanyPostalAddress: { lines: ['Torstraße 12'], postCode: '10119', city: 'Berlin', country: 'DE' },
    CompanyPhone: '+49 30 1234567',
    CompanyTaxNumber: '30/123/45678',
  },
};
