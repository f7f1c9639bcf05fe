import fc from 'fast-check';
import { type Draft, USERS } from './cast.js';

/** The account side: sign-ups, verifications, settings, subscriptions, payment methods, reminder settings, logos. */

const METHODS = ['m1', 'm2', 'm3'];

export const signUp: fc.Arbitrary<Draft> = fc
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
  }));

export const verification: fc.Arbitrary<Draft> = fc
  .record({ userId: fc.constantFrom(...USERS, 'u3'), google: fc.boolean() })
  .map(({ userId, google }) =>
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
  );

export const settingsChange: fc.Arbitrary<Draft> = fc
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
  }));

export const subscriptionChange: fc.WeightedArbitrary<Draft> = {
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
};

export const paymentMethodChange: fc.Arbitrary<Draft> = fc
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
  }));

export const reminderSettingsChange: fc.Arbitrary<Draft> = fc
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
  }));

export const logoChange: fc.Arbitrary<Draft> = fc
  .record({ userId: fc.constantFrom(...USERS), logo: fc.boolean() })
  .map(({ userId, logo }) => ({
    type: 'CompanyLogoChanged',
    streamId: `user-settings-${userId}`,
    data: { userId, logo: logo ? { id: `logo-${userId}`, contentType: 'image/png' } : null },
  }));
