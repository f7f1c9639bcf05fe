import { randomUUID } from 'node:crypto';
import {
  addDays,
  type InvoiceContent,
  invoiceReminderStreamId,
  invoiceStreamId,
  ownerNotificationStreamId,
} from '@remit/contracts';
import { balanceOf, invoiceDecider, notifyOwnerStep, recordOverdue, remindCustomer } from '@remit/domain';
import {
  type Database,
  type DecidedEvent,
  type EventStore,
  execute,
  foldEvents,
  type Step,
  type StepOutcome,
} from '@remit/eventstore';
import {
  type Clock,
  dayOf,
  eventCodec,
  type Logger,
  type Mailer,
  type MailMessage,
  mailDelivery,
  queueMail,
} from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { eq } from 'drizzle-orm';

import { BATCH, firstViewsToNotify, overdueInvoices, remindersDue } from './due.js';
import { ownerNotificationEmail, reminderEmail } from './emails.js';

const { users } = readModels;

/** An overdue date or a first view older than this is not news any more: recorded, the owner not mailed. */
const NEWS_DAYS = 7;

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
  /** Waits between a mail's attempts (deliveries.ts's default: 1 min, 5 min, 30 min, 2 h, 6 h, 24 h). */
  mailRetryDelaysMs?: number[];
}): CollectionClock {
  const { store, clock, mailer, logger, appUrl } = options;
  const deliver = mailDelivery({
    db: store.db,
    clock,
    mailer,
    logger,
    retryDelaysMs: options.mailRetryDelaysMs,
  });
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
    /** The mail the outcome calls for, queued in the transaction that commits it (keyed by its reservation). */
    mailOf?: (outcome: StepOutcome<State, Event>) => { id: string; message: MailMessage } | null,
  ) {
    try {
      return await execute(store, step, {
        codec: eventCodec,
        metadata: metadata(),
        now: clock,
        inTransaction: mailOf
          ? async (tx: Database, outcome) => {
              const mail = outcome.position === null ? null : mailOf(outcome);
              if (mail) await queueMail(tx, mail.id, mail.message, clock());
            }
          : undefined,
      });
    } catch (error) {
      logger.warn(
        { err: error, ...what },
        'the collection clock could not run a command; the next tick retries',
      );
      return null;
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

  function ownerMail(
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
        dashboardUrl: `${appUrl}/`,
        messageId: `<owner-${kind}-${invoiceId}@${mailDomain}>`,
      }),
    };
  }

  async function overdue(today: string, report: TickReport) {
    const rows = await overdueInvoices(db, today);
    for (const row of rows) {
      // Overdue for a week already (downtime, or the first run over old invoices): recorded, not news.
      const news = row.notify && row.dueDate >= addDays(today, -NEWS_DAYS);
      const owner = news ? await ownerOf(row.userId) : null;
      const outcome = await run(
        recordOverdue({ ...row, today, notifyOwner: news }),
        { invoiceId: row.invoiceId },
        (done) => {
          const became = done.events.find((event) => event.type === 'InvoiceBecameOverdue');
          const content = done.state.content;
          if (became?.type !== 'InvoiceBecameOverdue' || !news || !owner || !content) return null;
          return ownerMail('overdue', row.invoiceId, owner, content, became.data.balance);
        },
      );
      if (!outcome?.events.some((event) => event.type === 'InvoiceBecameOverdue')) continue;
      report.overdue++;
      if (news && owner && outcome.state.content) report.notifications++;
    }
  }

  async function reminders(today: string, report: TickReport) {
    const due = await remindersDue(db, today);
    for (const row of due.slice(0, BATCH)) {
      const outcome = await run(
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
              messageId: `<invoice-reminder-${row.invoiceId}-${offset}@${mailDomain}>`,
            }),
          };
        },
      );
      if (outcome && outcome.events.length > 0) report.reminders++;
    }
  }

  async function firstViews(today: string, report: TickReport) {
    const rows = await firstViewsToNotify(db);
    for (const row of rows) {
      const news = row.notify && dayOf(row.firstViewedAt as Date) >= addDays(today, -NEWS_DAYS);
      // What the mail says is read before the reservation; the invoice's own events do not change it.
      const owner = news ? await ownerOf(row.userId) : null;
      const state = news
        ? foldEvents(invoiceDecider, await store.readStream(invoiceStreamId(row.invoiceId)), eventCodec)
        : null;
      const content = state?.content;
      const outcome = await run(
        notifyOwnerStep({ invoiceId: row.invoiceId, userId: row.userId, kind: 'first_view', sent: news }),
        { invoiceId: row.invoiceId },
        (done) => {
          if (done.events.length === 0 || !owner || !state || !content) return null;
          return ownerMail('first_view', row.invoiceId, owner, content, balanceOf(content, state.collection));
        },
      );
      if (outcome && outcome.events.length > 0 && owner && content) report.notifications++;
    }
  }

  let running: Promise<TickReport> | null = null;
  async function pass(): Promise<TickReport> {
    const report: TickReport = { overdue: 0, reminders: 0, notifications: 0, mailed: 0 };
    const today = dayOf(clock());
    await overdue(today, report);
    await reminders(today, report);
    await firstViews(today, report);
    report.mailed = (await deliver()).sent;
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
