import { describe, expect, it } from 'vitest';
import { eventCatalogue, eventVersion, readEvent, UnknownEventTypeError } from './catalogue.js';
import { InvalidEventError } from './define.js';

const envelope = { streamId: 'subscription-u1', version: 1, position: 7n };

describe('readEvent', () => {
  it('reads an event of the current version as its typed data, and keeps its place in the log', () => {
    const event = readEvent({
      ...envelope,
      type: 'InvoiceDeleted',
      schemaVersion: 1,
      data: { invoiceId: 'i1', userId: 'u1', number: 'INV-1' },
    });
    expect(event).toEqual({
      ...envelope,
      type: 'InvoiceDeleted',
      schemaVersion: 1,
      data: { invoiceId: 'i1', userId: 'u1', number: 'INV-1' },
    });
  });

  it('upcasts a subscription recorded before billing (five fields) with the defaults it stands for', () => {
    const legacy = {
      userId: 'u1',
      planName: 'Pro',
      billingCycle: 'monthly',
      status: 'active',
      currentPeriodEnd: '2099-01-01T00:00:00.000Z',
    };
    const event = readEvent({ ...envelope, type: 'SubscriptionActivated', data: legacy });
    expect(event.data).toEqual({
      ...legacy,
      provider: 'sandbox',
      subscriptionId: null,
      trialEnd: null,
      cancelAtPeriodEnd: false,
      observedAt: null,
    });
  });

  it('upcasts a version 1 subscription that has every field to the same values', () => {
    const full = {
      userId: 'u1',
      planName: 'Pro',
      billingCycle: 'yearly',
      status: 'trialing',
      currentPeriodEnd: '2027-01-01T00:00:00.000Z',
      provider: 'stripe',
      subscriptionId: 'sub_1',
      trialEnd: '2026-12-01T00:00:00.000Z',
      cancelAtPeriodEnd: true,
      observedAt: '2026-11-20T10:00:00.000Z',
    };
    const v1 = readEvent({ ...envelope, type: 'SubscriptionUpdated', schemaVersion: 1, data: full });
    const v2 = readEvent({ ...envelope, type: 'SubscriptionUpdated', schemaVersion: 2, data: full });
    expect(v1.data).toEqual(full);
    expect(v2.data).toEqual(full);
  });

  it('upcasts an ended subscription without its id or time', () => {
    expect(readEvent({ ...envelope, type: 'SubscriptionEnded', data: { userId: 'u1' } }).data).toEqual({
      userId: 'u1',
      subscriptionId: null,
      observedAt: null,
    });
  });

  it('drops what a schema does not know, so readers see only the declared shape', () => {
    const event = readEvent({
      ...envelope,
      type: 'EmailReserved',
      data: { userId: 'u1', email: 'a@b.co', extra: 'ignored' },
    });
    expect(event.data).toEqual({ userId: 'u1', email: 'a@b.co' });
  });

  it('refuses an unknown type, data that does not match, and a version from the future', () => {
    expect(() => readEvent({ ...envelope, type: 'InvoiceTeleported', data: {} })).toThrow(
      UnknownEventTypeError,
    );
    expect(() => readEvent({ ...envelope, type: 'constructor', data: {} })).toThrow(UnknownEventTypeError);
    expect(() => readEvent({ ...envelope, type: 'InvoiceDeleted', data: { invoiceId: 1 } })).toThrow(
      InvalidEventError,
    );
    expect(() =>
      readEvent({ ...envelope, type: 'InvoiceDeleted', schemaVersion: 2, data: { invoiceId: 'i1' } }),
    ).toThrow(/version 2 is not one of 1..1/);
  });

  it("upcasts a payment recorded before online payments as the owner's, with no fee (issue 31)", () => {
    const data = {
      invoiceId: 'i1',
      userId: 'u1',
      paymentId: 'p1',
      amount: 36_120,
      currency: 'EUR',
      date: '2026-11-20',
      method: 'bank_transfer',
      reference: 'R-1',
      note: '',
    };
    expect(readEvent({ ...envelope, type: 'PaymentRecorded', schemaVersion: 1, data }).data).toEqual({
      ...data,
      source: 'owner',
      fee: 0,
    });
    const online = { ...data, method: 'sepa_debit', source: 'stripe', fee: 35 };
    expect(readEvent({ ...envelope, type: 'PaymentRecorded', schemaVersion: 2, data: online }).data).toEqual(
      online,
    );
    expect(eventVersion('PaymentRecorded')).toBe(3);
  });

  it("upcasts a statement's match written before v3 as a bank payment, and only that (issue 31, D-331)", () => {
    const matched = {
      invoiceId: 'i1',
      userId: 'u1',
      paymentId: 'p2',
      amount: 10_000,
      currency: 'EUR',
      date: '2026-11-27',
      method: 'bank_transfer',
      reference: '20261127000001',
      note: 'Matched from statement 2026-11-27, entry 20261127000001',
      source: 'owner',
      fee: 0,
    };
    const read = (data: object, schemaVersion = 2) =>
      readEvent({ ...envelope, type: 'PaymentRecorded', schemaVersion, data }).data;
    expect(read(matched)).toEqual({ ...matched, source: 'bank' });
    // Typed by the owner, or paid in cash with the same words: still the owner's.
    expect(read({ ...matched, note: 'Paid by transfer' })).toMatchObject({ source: 'owner' });
    expect(read({ ...matched, method: 'cash' })).toMatchObject({ source: 'owner' });
    expect(read({ ...matched, source: 'bank' }, 3)).toMatchObject({ source: 'bank' });
    expect(() => read({ ...matched, source: 'bank' }, 2)).toThrow();
  });

  it('knows the version every type is written as', () => {
    expect(eventVersion('SubscriptionActivated')).toBe(2);
    expect(eventVersion('InvoiceIssued')).toBe(5);
    expect(eventVersion('CreditNoteIssued')).toBe(2);
    expect(eventVersion('InvoiceDeleted')).toBe(1);
    for (const type of Object.keys(eventCatalogue)) expect(eventVersion(type)).toBeGreaterThanOrEqual(1);
    expect(() => eventVersion('Nope')).toThrow(UnknownEventTypeError);
  });
});
