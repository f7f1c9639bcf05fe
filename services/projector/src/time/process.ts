import {
  addDays,
  type InvoiceContent,
  invoiceReminderStreamId,
  invoiceStreamId,
  ownerNotificationStreamId,
} from '@remit/contracts';
import { balanceOf, invoiceDecider, notifyOwnerStep, recordOverdue, remindCustomer } from '@remit/domain';
import { type EventStore, foldEvents } from '@remit/eventstore';
import {
  type Clock,
  dayOf,
  defineJob,
  eventCodec,
  type JobContext,
  type Logger,
  type Mailer,
  type RegisteredJob,
  type Scheduler,
  startScheduler,
} from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { eq } from 'drizzle-orm';

import { BATCH, firstViewsToNotify, OVERDUE_BATCH, overdueInvoices, remindersDue } from './due.js';
import { ownerNotificationEmail, reminderEmail } from './emails.js';

export type { TickReport } from '@remit/kit';

const { users } = readModels;

/** An overdue date or a first view older than this is not news any more: recorded, the owner not mailed. */
const NEWS_DAYS = 7;

/** The scheduler with the collection jobs registered (the name the time process had before it had jobs). */
export type CollectionClock = Scheduler;

function ownerMail(
  context: JobContext,
  kind: 'first_view' | 'overdue',
  invoiceId: string,
  owner: { email: string; name: string },
  content: InvoiceContent,
  balance: number,
) {
  return {
    id: ownerNotificationStreamId(invoiceId, kind),
    message: ownerNotificationEmail({
      kind,
      to: owner.email,
      ownerName: owner.name,
      content,
      balance,
      dashboardUrl: `${context.appUrl}/`,
      messageId: `<owner-${kind}-${invoiceId}@${context.mailDomain}>`,
    }),
  };
}

async function ownerOf(context: JobContext, userId: string) {
  const [owner] = await context.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return owner ?? null;
}

/**
 * Overdue (set-based): open invoices past their due date not yet marked, the oldest due first, in batches of
 * OVERDUE_BATCH whose `RecordOverdue` commands append in one transaction each. Catch-up: after downtime every
 * invoice that became overdue meanwhile is marked on the first tick (up to 40 batches, 20,000, per tick; the rest
 * on the next ones), and the owner is mailed only about those overdue for a week at most (older is not news).
 */
type OverdueRow = Awaited<ReturnType<typeof overdueInvoices>>[number];

export const overdueJob: RegisteredJob = defineJob<OverdueRow>({
  name: 'overdue',
  catchUp:
    'marks every missed invoice on the next ticks (20,000 a tick); mails the owner only about the last 7 days',
  batch: OVERDUE_BATCH,
  maxBatches: 40,
  find: (context, limit, after) => overdueInvoices(context.db, context.today, limit, after),
  async run(context, rows) {
    const { today } = context;
    const news = rows.map(
      (row) => row.notify && row.dueDate >= addDays(today, -NEWS_DAYS) && !!row.ownerEmail,
    );
    const outcomes = await context.runMany(
      rows.map((row, index) => recordOverdue({ ...row, today, notifyOwner: news[index] ?? false })),
      (index) => ({ invoiceId: rows[index]?.invoiceId }),
      (done, index) => {
        const row = rows[index];
        const became = done.events.find((event) => event.type === 'InvoiceBecameOverdue');
        const content = done.state.content;
        if (became?.type !== 'InvoiceBecameOverdue' || !news[index] || !row?.ownerEmail || !content)
          return null;
        const owner = { email: row.ownerEmail, name: row.ownerName ?? '' };
        return ownerMail(context, 'overdue', row.invoiceId, owner, content, became.data.balance);
      },
    );
    let handled = 0;
    for (const [index, outcome] of outcomes.entries()) {
      if (!outcome?.events.some((event) => event.type === 'InvoiceBecameOverdue')) continue;
      handled++;
      context.count('overdue');
      if (news[index] && outcome.state.content) context.count('notifications');
    }
    return handled;
  },
});

/**
 * Reminders: one command per invoice whose next reminder day has come, at most BATCH a tick. Catch-up: a reminder
 * missed during downtime is sent once on the next tick, only the latest one due (remindCustomer skips the older
 * ones), and never more than BATCH mails a tick.
 */
export const remindersJob: RegisteredJob = defineJob({
  name: 'reminders',
  catchUp: `sends only the latest missed reminder of each invoice, at most ${BATCH} a tick`,
  batch: BATCH,
  find: async (context, limit) => (await remindersDue(context.db, context.today)).slice(0, limit),
  async run(context, due) {
    const { today } = context;
    let handled = 0;
    for (const row of due) {
      const outcome = await context.run(
        remindCustomer({ invoiceId: row.invoiceId, userId: row.userId, today, offsets: row.offsets }),
        { invoiceId: row.invoiceId },
        (done) => {
          const sent = done.events.find((event) => event.type === 'InvoiceReminderSent');
          const content = done.state.content;
          if (sent?.type !== 'InvoiceReminderSent' || !content) return null;
          const { offset, to, balance } = sent.data;
          return {
            id: invoiceReminderStreamId(row.invoiceId, offset),
            message: reminderEmail({
              content,
              today,
              to,
              balance,
              language: content.eInvoice.language,
              messageId: `<invoice-reminder-${row.invoiceId}-${offset}@${context.mailDomain}>`,
            }),
          };
        },
      );
      if (outcome && outcome.events.length > 0) {
        handled++;
        context.count('reminders');
      }
    }
    return handled;
  },
});

/**
 * Owner notifications of a customer's first view. Catch-up: every first view is reserved once; a view older than
 * a week is recorded without a mail.
 */
export const firstViewsJob: RegisteredJob = defineJob({
  name: 'first-views',
  catchUp: `reserves each missed first view once, ${BATCH} a tick; mails only views of the last 7 days`,
  batch: BATCH,
  find: (context) => firstViewsToNotify(context.db),
  async run(context, rows) {
    const { today, store } = context;
    let handled = 0;
    for (const row of rows) {
      const news = row.notify && dayOf(row.firstViewedAt as Date) >= addDays(today, -NEWS_DAYS);
      // What the mail says is read before the reservation; the invoice's own events do not change it.
      const owner = news ? await ownerOf(context, row.userId) : null;
      const state = news
        ? foldEvents(invoiceDecider, await store.readStream(invoiceStreamId(row.invoiceId)), eventCodec)
        : null;
      const content = state?.content;
      const outcome = await context.run(
        notifyOwnerStep({ invoiceId: row.invoiceId, userId: row.userId, kind: 'first_view', sent: news }),
        { invoiceId: row.invoiceId },
        (done) => {
          if (done.events.length === 0 || !owner || !state || !content) return null;
          return ownerMail(
            context,
            'first_view',
            row.invoiceId,
            owner,
            content,
            balanceOf(content, state.collection),
          );
        },
      );
      if (outcome && outcome.events.length > 0) {
        handled++;
        if (owner && content) context.count('notifications');
      }
    }
    return handled;
  },
});

/** The collection jobs, in the order each tick runs them. */
export const collectionJobs = [overdueJob, remindersJob, firstViewsJob];

/**
 * The time process (docs/decisions.md, "Getting paid" and D-270): the scheduler with the collection jobs; more
 * (recurring invoices, quote expiry) are registered with `register`. Safe with any number of instances.
 */
export function startCollectionClock(options: {
  store: EventStore;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  /** Where the owner opens Remit (APP_URL). */
  appUrl: string;
  /** Milliseconds between ticks (REMINDER_TICK_MS); 0: no timer (tests call `tick`). */
  intervalMs: number;
  /** Waits between a mail's attempts (deliveries.ts's default: 1 min, 5 min, 30 min, 2 h, 6 h, 24 h). */
  mailRetryDelaysMs?: number[];
}): CollectionClock {
  return startScheduler({ ...options, jobs: collectionJobs });
}
