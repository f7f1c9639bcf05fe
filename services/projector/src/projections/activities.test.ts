import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceContent, party } from '../testing/invoice-content.js';
import { projectionSpec } from '../testing/spec.js';
import { activitiesProjection } from './activities.js';

const spec = projectionSpec(activitiesProjection);
beforeAll(() => spec.open());
afterAll(() => spec.close());

describe('the activities projection', () => {
  it('tells what happened in words, names invoices and methods by their latest name, tells a purchase once', async () => {
    const content = invoiceContent('INV-7', party('Charles Babbage', 'charles@example.com'));
    const batch = await spec.given([
      {
        type: 'UserSignedUp',
        data: { userId: 'u1', name: 'Ada', email: 'ada@example.com', passwordHash: null, method: 'google' },
      },
      {
        type: 'InvoiceIssued',
        data: { ...content, invoiceId: 'i1', userId: 'u1', status: 'Draft', origin: null },
      },
      {
        type: 'InvoicePurchased',
        data: { userId: 'u1', invoiceId: 'i1', sessionId: 'cs_1', amount: 399, currency: 'EUR' },
      },
      {
        type: 'InvoicePaidFor',
        data: { invoiceId: 'i1', userId: 'u1', sessionId: 'cs_1', amount: 399, currency: 'EUR' },
      },
      {
        type: 'PaymentMethodAdded',
        data: {
          paymentMethodId: 'pm1',
          userId: 'u1',
          name: 'PayPal',
          type: 'digital',
          bankName: '',
          accountNumber: '',
          iban: '',
          swift: '',
          paymentLink: 'https://paypal.me/ada',
          instructions: '',
        },
      },
      { type: 'PaymentMethodDisabled', data: { paymentMethodId: 'pm1', userId: 'u1' } },
      { type: 'CompanyLogoChanged', data: { userId: 'u1', logo: null } },
      {
        type: 'SubscriptionCancellationScheduled',
        schemaVersion: 2,
        data: {
          userId: 'u1',
          planName: 'Pro',
          billingCycle: 'monthly',
          status: 'active',
          currentPeriodEnd: null,
          provider: 'sandbox',
          subscriptionId: 'sub_1',
          trialEnd: null,
          cancelAtPeriodEnd: true,
          observedAt: null,
        },
      },
    ]);
    const rows = await spec.rows('activities', ['at']);
    expect(rows.map((row) => [row.type, row.summary, row.invoice_id])).toEqual([
      ['account_created', 'Account created', null],
      ['invoice_created', 'Invoice INV-7 created for Charles Babbage Ltd', 'i1'],
      ['invoice_paid', 'Invoice INV-7 paid', 'i1'],
      ['payment_method_added', 'Payment method PayPal added', null],
      ['payment_method_disabled', 'Payment method PayPal disabled', null],
      ['logo_removed', 'Company logo removed', null],
      ['subscription_cancelled', 'Subscription set to cancel at the end of the period', null],
    ]);
    const before = await spec.snapshot();
    await spec.redeliver(batch);
    expect(await spec.snapshot()).toEqual(before);
  });
});
