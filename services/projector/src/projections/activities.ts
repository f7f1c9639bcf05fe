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
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { insertNew } from '../bulk.js';
import { defineProjection } from '../projection.js';

const { activities } = readModels;

type Handled =
  | Extract<UserEvent, { type: 'UserSignedUp' }>
  // A download (issue 27) is told in the invoice's History, not in the recent activity.
  | Exclude<InvoiceEvent, { type: 'InvoiceDownloaded' }>
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

/** What an entry may need from earlier activities: from the table one event at a time, or a batch's fold. */
interface Earlier {
  subjectOf(subjectId: string): Promise<string | null> | string | null;
  alreadyPaid(invoiceId: string): Promise<boolean> | boolean;
}

const fromTable = (db: Database): Earlier => ({
  subjectOf: (subjectId) => subjectOf(db, subjectId),
  alreadyPaid: (invoiceId) => alreadyPaid(db, invoiceId),
});

async function entryFor(earlier: Earlier, event: Handled): Promise<Entry | null> {
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
      if (await earlier.alreadyPaid(invoiceId)) return null;
      const number = await earlier.subjectOf(invoiceId);
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
      const name = (await earlier.subjectOf(paymentMethodId)) ?? 'payment method';
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
    const entry = await entryFor(fromTable(db), event);
    if (!entry) return;
    await db.insert(activities).values(rowOf(event, entry)).onConflictDoNothing();
  },
  // The same in one multi-row insert: what entries need from earlier ones (a subject's latest number or
  // name, whether an invoice was already paid) is read once for the batch and kept up to date in memory.
  async applyBatch(db, events) {
    const asked = new Set<string>();
    const paidAsked = new Set<string>();
    for (const event of events) {
      if (event.type === 'InvoicePaidFor' || event.type === 'InvoicePurchased') {
        asked.add(event.data.invoiceId);
        paidAsked.add(event.data.invoiceId);
      } else if (
        event.type === 'PaymentMethodEnabled' ||
        event.type === 'PaymentMethodDisabled' ||
        event.type === 'PaymentMethodMadeDefault'
      )
        asked.add(event.data.paymentMethodId);
    }
    const subjects = new Map<string, { position: bigint; subject: string }>();
    const paid = new Set<string>();
    for (const part of chunk([...asked])) {
      const rows = await db
        .selectDistinctOn([activities.subjectId], {
          subjectId: activities.subjectId,
          subject: activities.subject,
          position: activities.position,
        })
        .from(activities)
        .where(and(inArray(activities.subjectId, part), isNotNull(activities.subject)))
        .orderBy(activities.subjectId, desc(activities.position));
      for (const row of rows)
        subjects.set(row.subjectId as string, { position: row.position, subject: row.subject as string });
    }
    for (const part of chunk([...paidAsked])) {
      const rows = await db
        .selectDistinct({ subjectId: activities.subjectId })
        .from(activities)
        .where(and(inArray(activities.subjectId, part), eq(activities.type, 'invoice_paid')));
      for (const row of rows) paid.add(row.subjectId as string);
    }
    const earlier: Earlier = {
      subjectOf: (subjectId) => subjects.get(subjectId)?.subject ?? null,
      alreadyPaid: (invoiceId) => paid.has(invoiceId),
    };
    const rows: (typeof activities.$inferInsert)[] = [];
    for (const event of events) {
      const entry = await entryFor(earlier, event);
      if (!entry) continue;
      rows.push(rowOf(event, entry));
      if (entry.subjectId && entry.subject) {
        const known = subjects.get(entry.subjectId);
        if (!known || known.position < event.position)
          subjects.set(entry.subjectId, { position: event.position, subject: entry.subject });
      }
      if (entry.type === 'invoice_paid' && entry.subjectId) paid.add(entry.subjectId);
    }
    await insertNew(db, activities, ['position'], rows);
  },
});

function rowOf(event: { position: bigint; createdAt: Date; data: { userId: string } }, entry: Entry) {
  return {
    position: event.position,
    userId: event.data.userId,
    type: entry.type,
    summary: entry.summary,
    invoiceId: entry.invoiceId ?? null,
    subjectId: entry.subjectId ?? null,
    subject: entry.subject ?? null,
    at: event.createdAt,
  };
}

function chunk<T>(items: T[], size = 5_000): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}
