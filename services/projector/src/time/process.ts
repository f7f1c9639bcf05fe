import { randomUUID } from 'node:crypto';
import {
  balanceOf,
  invoiceDecider,
  type Mailer,
  type MailMessage,
  notifyOwnerStep,
  recordOverdue,
  remindCustomer,
} from '@remit/command/process';
import { addDays, type InvoiceContent, invoiceStreamId, reminderOffsetChoices } from '@remit/contracts';
import { type DecidedEvent, type EventStore, execute, foldEvents, type Step } from '@remit/eventstore';
import { type Clock, dayOf, eventCodec, type Logger } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { and, asc, eq, isNotNull, lt, lte, sql } from 'drizzle-orm';
import { ownerNotificationEmail, reminderEmail } from './emails.js';

const { invoiceCollection, invoiceReminders, reminderSettings, users } = readModels;

/** Invoices looked at per kind of work and tick; the rest wait for the next tick. */
const BATCH = 200;
/** An overdue date or a first view older than this is not news any more: recorded, the owner not mailed. */
const NEWS_DAYS = 7;
const EARLIEST_OFFSET = Math.min(...reminderOffsetChoices);

export interface TickReport {
  overdue: number;
  reminders: number;
  notifications: number;
  mailed: number;
}

export interface CollectionClock {
  /** One pass: every invoice that became overdue, every reminder and notification due now. */
  tick(): Promise<TickReport>;
  stop(): Promise<void>;
}

/**
 * The process that turns time into events (docs/decisions.md, "Getting paid": overdue and reminders). On
 * each tick it reads the read models for invoices with something due by `today` (the one clock's), and
 * runs the invoice's own command through the one pipeline: the decider decides (nothing when it was done
 * already), a reservation stream makes each mail once, and only the tick whose transaction committed it
 * mails. Safe with any number of instances: two that decide the same thing race on expected versions, the
 * loser re-reads and decides nothing.
 */
export function startCollectionClock(options: {
  store: EventStore;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  /** Where the owner opens Remit (APP_URL). */
  appUrl: string;
  /** Milliseconds between ticks; 0: no timer (tests call `tick`). */
  intervalMs: number;
}): CollectionClock {
  const { store, clock, mailer, logger, appUrl } = options;
  const db = store.db;
  const mailDomain = new URL(appUrl).hostname || 'remit.local';
  const metadata = () => ({
    userId: null,
    commandId: `clock-${randomUUID()}`,
    causationId: null,
    client: 'system' as const,
  });

  /**
   * One invoice's command; a failure (a fault, contention past the retries) is logged and that invoice
   * waits for the next tick, so one cannot hold up the others. Null when it failed.
   */
  async function run<State, Event extends DecidedEvent>(
    step: Step<State, Event>,
    what: Record<string, unknown>,
  ) {
    try {
      return await execute(store, step, { codec: eventCodec, metadata: metadata(), now: clock });
    } catch (error) {
      logger.warn(
        { err: error, ...what },
        'the collection clock could not run a command; the next tick retries',
      );
      return null;
    }
  }

  async function mail(message: MailMessage, what: Record<string, unknown>): Promise<boolean> {
    try {
      await mailer.send(message);
      return true;
    } catch (error) {
      // Committed, not mailed: at most once (the window of docs/decisions.md); the History shows it.
      logger.error(
        { err: error, ...what },
        'a reminder or notification was recorded but could not be mailed',
      );
      return false;
    }
  }

  async function ownerOf(userId: string) {
    const [owner] = await db
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return owner ?? null;
  }

  async function notifyOwner(
    kind: 'first_view' | 'overdue',
    invoiceId: string,
    userId: string,
    content: InvoiceContent,
    balance: number,
  ) {
    const owner = await ownerOf(userId);
    if (!owner) return false;
    return mail(
      ownerNotificationEmail({
        kind,
        to: owner.email,
        ownerName: owner.name,
        content,
        balance,
        dashboardUrl: `${appUrl}/`,
        messageId: `<owner-${kind}-${invoiceId}@${mailDomain}>`,
      }),
      { invoiceId, kind },
    );
  }

  async function overdue(today: string, report: TickReport) {
    const rows = await db
      .select({
        invoiceId: invoiceCollection.invoiceId,
        userId: invoiceCollection.userId,
        dueDate: invoiceCollection.dueDate,
        notify: sql<boolean>`coalesce(${reminderSettings.notifyOverdue}, true)`,
      })
      .from(invoiceCollection)
      .leftJoin(invoiceReminders, eq(invoiceReminders.invoiceId, invoiceCollection.invoiceId))
      .leftJoin(reminderSettings, eq(reminderSettings.userId, invoiceCollection.userId))
      .where(
        and(
          eq(invoiceCollection.voided, false),
          lt(invoiceCollection.amountPaid, invoiceCollection.total),
          lt(invoiceCollection.dueDate, today),
          sql`coalesce(${invoiceReminders.overdue}, false) = false`,
        ),
      )
      .orderBy(asc(invoiceCollection.dueDate))
      .limit(BATCH);
    for (const row of rows) {
      // Overdue for a week already (downtime, or the first run over old invoices): recorded, not news.
      const news = row.notify && row.dueDate >= addDays(today, -NEWS_DAYS);
      const outcome = await run(recordOverdue({ ...row, today, notifyOwner: news }), {
        invoiceId: row.invoiceId,
      });
      if (!outcome) continue;
      const became = outcome.events.find((event) => event.type === 'InvoiceBecameOverdue');
      if (became?.type !== 'InvoiceBecameOverdue') continue;
      report.overdue++;
      const content = outcome.state.content;
      if (
        news &&
        content &&
        (await notifyOwner('overdue', row.invoiceId, row.userId, content, became.data.balance))
      ) {
        report.notifications++;
        report.mailed++;
      }
    }
  }

  async function reminders(today: string, report: TickReport) {
    const rows = await db
      .select({
        invoiceId: invoiceCollection.invoiceId,
        userId: invoiceCollection.userId,
        issueDate: invoiceCollection.issueDate,
        dueDate: invoiceCollection.dueDate,
        offsets: reminderSettings.reminderOffsets,
        lastReminder: invoiceReminders.lastReminder,
      })
      .from(invoiceCollection)
      .innerJoin(
        reminderSettings,
        and(
          eq(reminderSettings.userId, invoiceCollection.userId),
          eq(reminderSettings.remindersEnabled, true),
        ),
      )
      .leftJoin(invoiceReminders, eq(invoiceReminders.invoiceId, invoiceCollection.invoiceId))
      .where(
        and(
          eq(invoiceCollection.voided, false),
          lt(invoiceCollection.amountPaid, invoiceCollection.total),
          lte(invoiceCollection.dueDate, addDays(today, -EARLIEST_OFFSET)),
          sql`coalesce(${invoiceReminders.remindersOff}, false) = false`,
        ),
      )
      .orderBy(asc(invoiceCollection.dueDate));
    const due = rows.filter((row) =>
      row.offsets.some((offset) => {
        const day = addDays(row.dueDate, offset);
        return day <= today && day >= row.issueDate && offset > (row.lastReminder ?? -Infinity);
      }),
    );
    for (const row of due.slice(0, BATCH)) {
      const outcome = await run(
        remindCustomer({ invoiceId: row.invoiceId, userId: row.userId, today, offsets: row.offsets }),
        { invoiceId: row.invoiceId },
      );
      if (!outcome) continue;
      const sent = outcome.events.find((event) => event.type === 'InvoiceReminderSent');
      if (outcome.events.length > 0) report.reminders++;
      if (sent?.type !== 'InvoiceReminderSent') continue;
      const content = outcome.state.content;
      if (!content) continue;
      const { offset, to, balance } = sent.data;
      const message = reminderEmail({
        content,
        today,
        to,
        balance,
        messageId: `<invoice-reminder-${row.invoiceId}-${offset}@${mailDomain}>`,
      });
      if (await mail(message, { invoiceId: row.invoiceId, offset })) report.mailed++;
    }
  }

  async function firstViews(today: string, report: TickReport) {
    const rows = await db
      .select({
        invoiceId: invoiceReminders.invoiceId,
        userId: invoiceReminders.userId,
        firstViewedAt: invoiceReminders.firstViewedAt,
        notify: sql<boolean>`coalesce(${reminderSettings.notifyFirstView}, true)`,
      })
      .from(invoiceReminders)
      .leftJoin(reminderSettings, eq(reminderSettings.userId, invoiceReminders.userId))
      .where(and(eq(invoiceReminders.firstViewReserved, false), isNotNull(invoiceReminders.firstViewedAt)))
      .limit(BATCH);
    for (const row of rows) {
      const news = row.notify && dayOf(row.firstViewedAt as Date) >= addDays(today, -NEWS_DAYS);
      const outcome = await run(
        notifyOwnerStep({ invoiceId: row.invoiceId, userId: row.userId, kind: 'first_view', sent: news }),
        { invoiceId: row.invoiceId },
      );
      if (!outcome || outcome.events.length === 0 || !news) continue;
      const state = foldEvents(
        invoiceDecider,
        await store.readStream(invoiceStreamId(row.invoiceId)),
        eventCodec,
      );
      if (!state.content) continue;
      report.notifications++;
      if (
        await notifyOwner(
          'first_view',
          row.invoiceId,
          row.userId,
          state.content,
          balanceOf(state.content, state.collection),
        )
      ) {
        report.mailed++;
      }
    }
  }

  let running: Promise<TickReport> | null = null;
  async function pass(): Promise<TickReport> {
    const report: TickReport = { overdue: 0, reminders: 0, notifications: 0, mailed: 0 };
    const today = dayOf(clock());
    await overdue(today, report);
    await reminders(today, report);
    await firstViews(today, report);
    if (report.overdue + report.reminders + report.notifications > 0)
      logger.info(report, 'collection clock ticked');
    return report;
  }
  /** One pass at a time in this process (a timer's tick and a test's wait for the same one). */
  const tick = async (): Promise<TickReport> => {
    while (running) await running.catch(() => undefined);
    running = pass();
    try {
      return await running;
    } finally {
      running = null;
    }
  };

  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const schedule = () => {
    if (stopped || options.intervalMs <= 0) return;
    timer = setTimeout(async () => {
      try {
        await tick();
      } catch (error) {
        logger.error({ err: error }, 'the collection clock failed a tick; the next one retries');
      }
      schedule();
    }, options.intervalMs);
    timer.unref?.();
  };
  schedule();

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
