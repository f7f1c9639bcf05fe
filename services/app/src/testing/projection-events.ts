import type { StoredEvent } from '@remit/eventstore';
import fc from 'fast-check';

/**
 * Random event sequences for the projections, as they could be in a log: a few users, invoices, payments,
 * links, payment methods, sign-ups, verifications, settings, subscriptions and reminders, so that events
 * meet (created, revised, paid, deleted and created again,
 * payments recorded and reversed on one invoice, one customer e-mail in two cases, an event naming
 * another user's invoice). Not every sequence is one the deciders would allow: the projections must
 * still build the same rows however the sequence is cut into batches.
 */
const USERS = ['u1', 'u2'];
const INVOICES = ['i1', 'i2', 'i3', 'i4'];
const PAYMENTS = ['p1', 'p2', 'p3', 'p4'];
const SHARES = ['s1', 's2', 's3'];
const METHODS = ['m1', 'm2', 'm3'];
const CUSTOMERS = [
  { name: 'Ada', email: 'ada@example.com', companyName: 'Ada Ltd' },
  { name: 'Ada L.', email: 'ADA@example.com', companyName: '' },
  { name: 'Bob', email: 'bob@example.com', companyName: 'Bob & Co' },
];

/** An invoice's owner, mostly; now and then another user names it (the projections check ownership). */
const ownerOf = (invoice: string) => USERS[INVOICES.indexOf(invoice) % USERS.length] as string;
const user = (invoice: string) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(ownerOf(invoice)) },
    { weight: 1, arbitrary: fc.constantFrom(...USERS) },
  );

interface Draft {
  type: string;
  streamId: string;
  data: Record<string, unknown>;
  schemaVersion?: number;
}

const party = (customer: (typeof CUSTOMERS)[number]) => ({
  name: customer.name,
  email: customer.email,
  address: '1 Main Street',
  companyName: customer.companyName,
  vatId: null,
});

function content(invoice: string, number: number, customer: number, total: number, currency: string) {
  return {
    number: `INV-${number}`,
    issueDate: '2026-01-10',
    dueDate: '2026-02-10',
    currency,
    taxRate: 0,
    items: [{ description: 'Work', quantity: 1, unitPrice: total, total }],
    subtotal: total,
    tax: 0,
    total,
    seller: party({ name: 'Seller', email: 'seller@example.com', companyName: 'Seller Ltd' }),
    customer: party(CUSTOMERS[customer] as (typeof CUSTOMERS)[number]),
    notes: `about ${invoice}`,
    terms: '',
    logo: null,
    paymentMethod: null,
    template: { id: 'classic', name: 'Classic', componentName: 'ClassicTemplate' },
  };
}

const invoiceArb = fc.constantFrom(...INVOICES);
const figures = fc.record({
  number: fc.integer({ min: 1, max: 5 }),
  customer: fc.integer({ min: 0, max: CUSTOMERS.length - 1 }),
  total: fc.integer({ min: 100, max: 50_000 }),
  currency: fc.constantFrom('EUR', 'USD'),
});

const draft: fc.Arbitrary<Draft> = fc.oneof(
  fc
    .record({ userId: fc.constantFrom(...USERS, 'u3'), sharedEmail: fc.boolean() })
    .map(({ userId, sharedEmail }) => ({
      type: 'UserSignedUp',
      streamId: `user-${userId}`,
      data: {
        userId,
        name: `Name ${userId}`,
        // Now and then an address another account signed up with: the second sign-up leaves no row.
        email: sharedEmail ? 'shared@example.com' : `${userId}@example.com`,
        passwordHash: null,
        method: 'password',
      },
    })),
  fc.record({ userId: fc.constantFrom(...USERS, 'u3'), google: fc.boolean() }).map(({ userId, google }) =>
    google
      ? {
          type: 'GoogleAccountLinked',
          streamId: `user-${userId}`,
          data: { subject: `g-${userId}`, email: `${userId}@example.com` },
        }
      : {
          type: 'EmailVerified',
          streamId: `user-${userId}`,
          data: { email: `${userId}@example.com`, via: 'email_link' },
        },
  ),
  fc
    .record({
      userId: fc.constantFrom(...USERS),
      name: fc.constantFrom(null, '', 'Renamed'),
      dueDays: fc.constantFrom(null, 14, 30),
      currency: fc.constantFrom('EUR', 'USD'),
    })
    .map(({ userId, name, dueDays, currency }) => ({
      type: 'UserSettingsChanged',
      streamId: `user-settings-${userId}`,
      schemaVersion: 1,
      data: {
        userId,
        name,
        defaultDueDays: dueDays,
        companyEmail: `billing-${userId}@example.com`,
        companyAddress: '1 Main Street',
        companyName: `Company ${userId} ${currency}`,
        companyVat: null,
        defaultCurrency: currency,
      },
    })),
  {
    weight: 2,
    arbitrary: fc
      .record({
        userId: fc.constantFrom(...USERS),
        kind: fc.constantFrom(
          'SubscriptionActivated',
          'SubscriptionRenewed',
          'SubscriptionUpdated',
          'SubscriptionCancellationScheduled',
          'SubscriptionResumed',
          'SubscriptionEnded',
          'PaymentFailed',
        ),
        status: fc.constantFrom('active', 'trialing', 'past_due'),
        day: fc.integer({ min: 1, max: 28 }),
      })
      .map(({ userId, kind, status, day }) => {
        const at = `2026-02-${String(day).padStart(2, '0')}T10:00:00.000Z`;
        if (kind === 'SubscriptionEnded') {
          return {
            type: kind,
            streamId: `subscription-${userId}`,
            schemaVersion: 2,
            data: { userId, subscriptionId: `sub-${userId}`, observedAt: at },
          };
        }
        if (kind === 'PaymentFailed') {
          return {
            type: kind,
            streamId: `subscription-${userId}`,
            data: {
              userId,
              subscriptionId: `sub-${userId}`,
              providerInvoiceId: `in-${day}`,
              amount: 900,
              currency: 'EUR',
              observedAt: at,
            },
          };
        }
        return {
          type: kind,
          streamId: `subscription-${userId}`,
          schemaVersion: 2,
          data: {
            userId,
            planName: day % 2 ? 'Pro Monthly' : 'Pro Yearly',
            billingCycle: day % 2 ? 'monthly' : 'yearly',
            status,
            currentPeriodEnd: day % 3 ? at : null,
            provider: 'sandbox',
            subscriptionId: day % 5 ? `sub-${userId}` : null,
            trialEnd: status === 'trialing' ? at : null,
            cancelAtPeriodEnd: kind === 'SubscriptionCancellationScheduled',
            observedAt: at,
          },
        };
      }),
  },
  {
    weight: 4,
    arbitrary: invoiceArb.chain((invoiceId) =>
      fc
        .record({ userId: user(invoiceId), figures, revised: fc.boolean() })
        .map(({ userId, figures: f, revised }) => ({
          type: revised ? 'InvoiceRevised' : 'InvoiceIssued',
          streamId: `invoice-${invoiceId}`,
          data: {
            ...content(invoiceId, f.number, f.customer, f.total, f.currency),
            invoiceId,
            userId,
            ...(revised ? {} : { status: 'Draft' }),
          },
        })),
    ),
  },
  invoiceArb.chain((invoiceId) =>
    fc
      .record({ userId: user(invoiceId), number: fc.integer({ min: 1, max: 5 }) })
      .map(({ userId, number }) => ({
        type: 'InvoiceDeleted',
        streamId: `invoice-${invoiceId}`,
        data: { invoiceId, userId, number: `INV-${number}` },
      })),
  ),
  invoiceArb.chain((invoiceId) =>
    fc
      .record({ userId: user(invoiceId), number: fc.integer({ min: 1, max: 5 }) })
      .map(({ userId, number }) => ({
        type: 'InvoiceNumberReserved',
        streamId: `invoice-numbers-${userId}`,
        data: { userId, number: `INV-${number}`, invoiceId },
      })),
  ),
  invoiceArb.chain((invoiceId) =>
    fc.record({ userId: user(invoiceId), purchased: fc.boolean() }).map(({ userId, purchased }) =>
      purchased
        ? {
            type: 'InvoicePurchased',
            streamId: `billing-${userId}`,
            data: { userId, invoiceId, sessionId: `cs-${invoiceId}`, amount: 399, currency: 'EUR' },
          }
        : {
            type: 'InvoicePaidFor',
            streamId: `invoice-${invoiceId}`,
            data: { invoiceId, userId, sessionId: `cs-${invoiceId}`, amount: 399, currency: 'EUR' },
          },
    ),
  ),
  {
    weight: 3,
    arbitrary: invoiceArb.chain((invoiceId) =>
      fc
        .record({
          userId: user(invoiceId),
          paymentId: fc.constantFrom(...PAYMENTS),
          amount: fc.integer({ min: 1, max: 20_000 }),
          // A reversal in part (a provider's partial refund) or of all, and a dispute won restoring (issue 31).
          kind: fc.constantFrom('recorded', 'recorded', 'reversed', 'restored'),
        })
        .map(({ userId, paymentId, amount, kind }) =>
          kind !== 'recorded'
            ? {
                type: kind === 'reversed' ? 'PaymentReversed' : 'PaymentRestored',
                streamId: `invoice-${invoiceId}`,
                data: { invoiceId, userId, paymentId, amount, currency: 'EUR', reason: 'bounced' },
              }
            : {
                type: 'PaymentRecorded',
                streamId: `invoice-${invoiceId}`,
                data: {
                  invoiceId,
                  userId,
                  paymentId,
                  amount,
                  currency: 'EUR',
                  date: '2026-01-20',
                  method: 'bank_transfer',
                  reference: `ref-${paymentId}`,
                  note: '',
                  source: amount % 3 === 0 ? 'stripe' : 'owner',
                  fee: amount % 3 === 0 ? amount % 97 : 0,
                },
              },
        ),
    ),
  },
  invoiceArb.chain((invoiceId) =>
    user(invoiceId).map((userId) => ({
      type: 'InvoiceVoided',
      streamId: `invoice-${invoiceId}`,
      data: { invoiceId, userId, number: 'INV-1', reason: 'wrong customer' },
    })),
  ),
  {
    weight: 2,
    arbitrary: invoiceArb.chain((invoiceId) =>
      fc
        .record({
          userId: user(invoiceId),
          shareId: fc.constantFrom(...SHARES),
          kind: fc.constantFrom(0, 1, 2),
        })
        .map(({ userId, shareId, kind }) =>
          kind === 0
            ? {
                type: 'InvoiceShared',
                streamId: `invoice-${invoiceId}`,
                data: { invoiceId, userId, shareId, tokenHash: `hash-${shareId}` },
              }
            : kind === 1
              ? {
                  type: 'InvoiceSharingStopped',
                  streamId: `invoice-${invoiceId}`,
                  data: { invoiceId, userId, shareId },
                }
              : {
                  type: 'InvoiceViewed',
                  streamId: `invoice-${invoiceId}`,
                  data: { invoiceId, userId, shareId, viewedAt: '2026-01-21T10:00:00.000Z' },
                },
        ),
    ),
  },
  fc
    .record({
      userId: fc.constantFrom(...USERS),
      paymentMethodId: fc.constantFrom(...METHODS),
      kind: fc.constantFrom(
        'PaymentMethodAdded',
        'PaymentMethodUpdated',
        'PaymentMethodEnabled',
        'PaymentMethodDisabled',
        'PaymentMethodMadeDefault',
      ),
      name: fc.constantFrom('Bank', 'PayPal'),
    })
    .map(({ userId, paymentMethodId, kind, name }) => ({
      type: kind,
      streamId: `payment-method-${paymentMethodId}`,
      data:
        kind === 'PaymentMethodAdded' || kind === 'PaymentMethodUpdated'
          ? {
              paymentMethodId,
              userId,
              name,
              type: 'bank_transfer',
              bankName: name,
              accountNumber: '123',
              iban: '',
              swift: '',
              paymentLink: '',
              instructions: '',
            }
          : kind === 'PaymentMethodMadeDefault'
            ? { paymentMethodId, userId, previousDefaultId: null }
            : { paymentMethodId, userId },
    })),
  fc
    .record({
      userId: fc.constantFrom(...USERS),
      enabled: fc.boolean(),
      offsets: fc.constantFrom([-3, 0, 7], [0], [7, 14]),
      firstView: fc.boolean(),
    })
    .map(({ userId, enabled, offsets, firstView }) => ({
      type: 'ReminderSettingsChanged',
      streamId: `user-settings-${userId}`,
      data: {
        userId,
        remindersEnabled: enabled,
        reminderOffsets: offsets,
        notifyOnFirstView: firstView,
        notifyOnOverdue: !firstView,
      },
    })),
  {
    weight: 4,
    arbitrary: invoiceArb.chain((invoiceId) =>
      fc
        .record({
          userId: user(invoiceId),
          kind: fc.constantFrom(
            'InvoiceBecameOverdue',
            'InvoiceRemindersOptedOut',
            'InvoiceRemindersOptedIn',
            'InvoiceReminderSent',
            'InvoiceReminderSkipped',
            'OwnerNotificationReserved',
          ),
          offset: fc.constantFrom(-3, 0, 7, 14),
          firstView: fc.boolean(),
        })
        .map(({ userId, kind, offset, firstView }) => {
          const ids = { invoiceId, userId };
          const owed = { dueDate: '2026-02-10', balance: 1_000, currency: 'EUR' };
          const data =
            kind === 'InvoiceBecameOverdue'
              ? { ...ids, ...owed }
              : kind === 'InvoiceReminderSent'
                ? { ...ids, offset, to: 'ada@example.com', ...owed }
                : kind === 'InvoiceReminderSkipped'
                  ? { ...ids, offset, reason: 'superseded' }
                  : kind === 'OwnerNotificationReserved'
                    ? { ...ids, kind: firstView ? 'first_view' : 'overdue', sent: true }
                    : ids;
          return { type: kind, streamId: `invoice-${invoiceId}`, data };
        }),
    ),
  },
  fc.record({ userId: fc.constantFrom(...USERS), logo: fc.boolean() }).map(({ userId, logo }) => ({
    type: 'CompanyLogoChanged',
    streamId: `user-settings-${userId}`,
    data: { userId, logo: logo ? { id: `logo-${userId}`, contentType: 'image/png' } : null },
  })),
);

/** A sequence of events as stored: positions, transaction ids and stream versions in log order. */
export const eventSequence = (maxLength = 60): fc.Arbitrary<StoredEvent[]> =>
  fc.array(draft, { minLength: 1, maxLength, size: 'max' }).map((drafts) => {
    const versions = new Map<string, number>();
    const issued = new Set<string>();
    return drafts.map((drafted, i) => {
      // An invoice is issued once (its stream's decider refuses a second): a later one is a revision.
      let event = drafted;
      if (drafted.type === 'InvoiceIssued') {
        const { status: _status, ...revised } = drafted.data;
        if (issued.has(drafted.streamId)) event = { ...drafted, type: 'InvoiceRevised', data: revised };
        issued.add(drafted.streamId);
      }
      const version = (versions.get(event.streamId) ?? 0) + 1;
      versions.set(event.streamId, version);
      return {
        position: BigInt(i + 1),
        txId: BigInt(i + 1),
        streamId: event.streamId,
        version,
        type: event.type,
        schemaVersion: event.schemaVersion ?? 1,
        data: event.data,
        metadata: {},
        createdAt: new Date(Date.UTC(2026, 0, 10, 9, 0, i)),
      };
    });
  });

/** Cut points that split a sequence of `length` into consecutive batches of random sizes. */
export const batchSizes = (length: number): fc.Arbitrary<number[]> =>
  fc.array(fc.integer({ min: 1, max: Math.max(1, length) }), { minLength: 1, maxLength: length });
