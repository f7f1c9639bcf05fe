import type {
  InvoiceEvent,
  PaymentMethodEvent,
  ProfileEvent,
  SettingsEvent,
  SubscriptionEvent,
  UserEvent,
} from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { readModels } from '@remit/readmodels';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { defineProjection } from '../projection.js';

const { activities } = readModels;

type Handled =
  | Extract<UserEvent, { type: 'UserSignedUp' }>
  | InvoiceEvent
  | PaymentMethodEvent
  | SettingsEvent
  | ProfileEvent
  | Extract<
      SubscriptionEvent,
      {
        type:
          | 'SubscriptionActivated'
          | 'SubscriptionCancellationScheduled'
          | 'SubscriptionResumed'
          | 'SubscriptionEnded'
          | 'PaymentFailed'
          | 'InvoicePurchased';
      }
    >;

/** What an activity says; `type` is the API's (docs/api.md, `GET /activities/recent`). */
interface Entry {
  type: string;
  summary: string;
  invoiceId?: string;
  subjectId?: string;
  subject?: string;
}

/** The number or name an earlier activity recorded for an invoice or payment method. */
async function subjectOf(db: Database, subjectId: string): Promise<string | null> {
  const [row] = await db
    .select({ subject: activities.subject })
    .from(activities)
    .where(and(eq(activities.subjectId, subjectId), isNotNull(activities.subject)))
    .orderBy(desc(activities.position))
    .limit(1);
  return row?.subject ?? null;
}

async function alreadyPaid(db: Database, invoiceId: string): Promise<boolean> {
  const rows = await db
    .select({ position: activities.position })
    .from(activities)
    .where(and(eq(activities.subjectId, invoiceId), eq(activities.type, 'invoice_paid')))
    .limit(1);
  return rows.length > 0;
}

async function entryFor(db: Database, event: Handled): Promise<Entry | null> {
  switch (event.type) {
    case 'UserSignedUp':
      return { type: 'account_created', summary: 'Account created' };
    case 'InvoiceIssued': {
      const { invoiceId, number, customer } = event.data;
      const to = customer.companyName || customer.name;
      return {
        type: 'invoice_created',
        summary: `Invoice ${number} created for ${to}`,
        invoiceId,
        subjectId: invoiceId,
        subject: number,
      };
    }
    case 'InvoiceRevised': {
      const { invoiceId, number } = event.data;
      return {
        type: 'invoice_updated',
        summary: `Invoice ${number} updated`,
        invoiceId,
        subjectId: invoiceId,
        subject: number,
      };
    }
    case 'InvoiceDeleted': {
      const { invoiceId, number } = event.data;
      return {
        type: 'invoice_deleted',
        summary: `Invoice ${number} deleted`,
        invoiceId,
        subjectId: invoiceId,
      };
    }
    case 'InvoicePaidFor':
    case 'InvoicePurchased': {
      // Both may be written for one purchase: the first one counts.
      const { invoiceId } = event.data;
      if (await alreadyPaid(db, invoiceId)) return null;
      const number = await subjectOf(db, invoiceId);
      return {
        type: 'invoice_paid',
        summary: number ? `Invoice ${number} paid` : 'Invoice paid',
        invoiceId,
        subjectId: invoiceId,
      };
    }
    case 'PaymentMethodAdded':
    case 'PaymentMethodUpdated': {
      const { paymentMethodId, name } = event.data;
      const verb = event.type === 'PaymentMethodAdded' ? 'added' : 'updated';
      return {
        type: `payment_method_${verb}`,
        summary: `Payment method ${name} ${verb}`,
        subjectId: paymentMethodId,
        subject: name,
      };
    }
    case 'PaymentMethodEnabled':
    case 'PaymentMethodDisabled':
    case 'PaymentMethodMadeDefault': {
      const { paymentMethodId } = event.data;
      const name = (await subjectOf(db, paymentMethodId)) ?? 'payment method';
      const [type, summary] =
        event.type === 'PaymentMethodEnabled'
          ? ['payment_method_enabled', `Payment method ${name} enabled`]
          : event.type === 'PaymentMethodDisabled'
            ? ['payment_method_disabled', `Payment method ${name} disabled`]
            : ['payment_method_default', `Payment method ${name} set as default`];
      return { type, summary, subjectId: paymentMethodId };
    }
    case 'UserSettingsChanged':
      return { type: 'profile_updated', summary: 'Profile updated' };
    case 'CompanyLogoChanged':
      return event.data.logo
        ? { type: 'logo_updated', summary: 'Company logo updated' }
        : { type: 'logo_removed', summary: 'Company logo removed' };
    case 'SubscriptionActivated':
      return { type: 'subscription_started', summary: `Subscribed to ${event.data.planName}` };
    case 'SubscriptionCancellationScheduled':
      return {
        type: 'subscription_cancelled',
        summary: 'Subscription set to cancel at the end of the period',
      };
    case 'SubscriptionResumed':
      return { type: 'subscription_resumed', summary: 'Subscription resumed' };
    case 'SubscriptionEnded':
      return { type: 'subscription_ended', summary: 'Subscription ended' };
    case 'PaymentFailed':
      return { type: 'payment_failed', summary: 'Subscription payment failed' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** Recent activity per user: one row per event worth telling, keyed by the event's position. */
export const activitiesProjection = defineProjection({
  name: 'activities',
  tables: ['activities'],
  handles: [
    'UserSignedUp',
    'InvoiceIssued',
    'InvoiceRevised',
    'InvoiceDeleted',
    'InvoicePaidFor',
    'InvoicePurchased',
    'PaymentMethodAdded',
    'PaymentMethodUpdated',
    'PaymentMethodEnabled',
    'PaymentMethodDisabled',
    'PaymentMethodMadeDefault',
    'UserSettingsChanged',
    'CompanyLogoChanged',
    'SubscriptionActivated',
    'SubscriptionCancellationScheduled',
    'SubscriptionResumed',
    'SubscriptionEnded',
    'PaymentFailed',
  ],
  async apply(db, event) {
    const entry = await entryFor(db, event);
    if (!entry) return;
    await db
      .insert(activities)
      .values({
        position: event.position,
        userId: event.data.userId,
        type: entry.type,
        summary: entry.summary,
        invoiceId: entry.invoiceId ?? null,
        subjectId: entry.subjectId ?? null,
        subject: entry.subject ?? null,
        at: event.createdAt,
      })
      .onConflictDoNothing();
  },
});
