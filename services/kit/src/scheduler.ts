import { randomUUID } from 'node:crypto';
import {
  type Database,
  type DecidedEvent,
  type EventStore,
  execute,
  executeMany,
  type Step,
  type StepOutcome,
} from '@remit/eventstore';
import { type Clock, dayOf } from './clock.js';
import { eventCodec } from './events.js';
import type { Logger } from './logger.js';
import { type Mailer, type MailMessage, mailDelivery, queueMail } from './mail/index.js';

/**
 * The scheduler (docs/decisions.md D-270): the one process that turns time into commands. Each registered job
 * says what it finds (one bounded read-model query: a job with nothing due costs that query and nothing else)
 * and what command it runs for what it found, through the one pipeline. Exactly once across instances comes from
 * the pipeline, not from a lock: every command is decided on the stream it appends to with its expected version,
 * so two schedulers that find the same row race on that version and the loser, decided again, decides nothing;
 * mail is queued in the transaction that commits the decision (only the winner mails). Leadership
 * (runWhenLeading) only saves the work of the losers.
 */

/** A mail to queue with a command's events, keyed by its reservation (one id, one mail). */
export interface QueuedMail {
  id: string;
  message: MailMessage;
}

export interface JobContext {
  db: Database;
  store: EventStore;
  logger: Logger;
  /** The instant of this tick (the one clock's). */
  now: Date;
  /** `now`'s UTC day; a job that works in the owner's time zone derives its own. */
  today: string;
  /** APP_URL, and its host for Message-IDs. */
  appUrl: string;
  mailDomain: string;
  /**
   * One command through the pipeline; a fault or contention past the retries is logged and the row waits for
   * the next tick (null). `mailOf` is asked, in the transaction that commits, which mail the outcome calls for.
   */
  run<State, Event extends DecidedEvent>(
    step: Step<State, Event>,
    what: Record<string, unknown>,
    mailOf?: (outcome: StepOutcome<State, Event>) => QueuedMail | QueuedMail[] | null,
  ): Promise<StepOutcome<State, Event> | null>;
  /**
   * Many independent commands in one transaction (set-based); when they cannot all be appended as decided
   * (another writer, a fault) each is run on its own with `run`. Outcomes in the steps' order.
   */
  runMany<State, Event extends DecidedEvent>(
    steps: Step<State, Event>[],
    what: (index: number) => Record<string, unknown>,
    mailOf?: (outcome: StepOutcome<State, Event>, index: number) => QueuedMail | null,
  ): Promise<(StepOutcome<State, Event> | null)[]>;
  /** Adds to this tick's report (`overdue`, `notifications` …). */
  count(key: string, by?: number): void;
}

/**
 * A job: `find` is its one query (bounded by `limit`, the oldest due first; `after`, the previous batch's last row
 * in this tick, for a keyset over several batches), `run` its commands for what was found, answering how many it
 * handled. Per tick a job runs at most `maxBatches` batches of `batch` rows and stops when a batch comes back short:
 * a row whose command decides nothing (a read model that has not caught up, a rule the query does not know) is
 * passed by the keyset, never spun on, and looked at again on the next tick. `catchUp` says, for the operator,
 * what it does after downtime.
 */
export interface ScheduledJob<Row> {
  name: string;
  catchUp: string;
  batch: number;
  maxBatches?: number;
  /** Stops taking batches past this many milliseconds of the tick (default: no limit but `maxBatches`). */
  budgetMs?: number;
  find(context: JobContext, limit: number, after: Row | null): Promise<Row[]>;
  run(context: JobContext, rows: Row[]): Promise<number>;
}

/** A job with its row type closed over, so jobs of different rows are registered together. */
export interface RegisteredJob {
  readonly name: string;
  readonly catchUp: string;
  pass(context: JobContext): Promise<number>;
}

export function defineJob<Row>(job: ScheduledJob<Row>): RegisteredJob {
  return {
    name: job.name,
    catchUp: job.catchUp,
    async pass(context) {
      const started = Date.now();
      let handled = 0;
      let after: Row | null = null;
      for (let batch = 0; batch < (job.maxBatches ?? 1); batch++) {
        const rows = await job.find(context, job.batch, after);
        if (rows.length === 0) break;
        handled += await job.run(context, rows);
        after = rows.at(-1) ?? null;
        if (rows.length < job.batch) break;
        if (job.budgetMs !== undefined && Date.now() - started > job.budgetMs) break;
      }
      return handled;
    },
  };
}

export interface TickReport {
  overdue: number;
  reminders: number;
  notifications: number;
  mailed: number;
  /** Other jobs' counts (`recurring` …), present once a job counted something. */
  [job: string]: number;
}

export interface Scheduler {
  /** Adds a job; it runs from the next tick on, after the jobs registered before it. Names are unique. */
  register(job: RegisteredJob): void;
  readonly jobs: readonly RegisteredJob[];
  /** One pass of every job, then one delivery pass of the mail queue. */
  tick(): Promise<TickReport>;
  stop(): Promise<void>;
}

export function startScheduler(options: {
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
  jobs?: RegisteredJob[];
}): Scheduler {
  const { store, clock, mailer, logger, appUrl } = options;
  const deliver = mailDelivery({
    db: store.db,
    clock,
    mailer,
    logger,
    retryDelaysMs: options.mailRetryDelaysMs,
  });
  const jobs: RegisteredJob[] = [];
  const mailDomain = new URL(appUrl).hostname || 'remit.local';
  const metadata = () => ({
    userId: null,
    commandId: `clock-${randomUUID()}`,
    causationId: null,
    client: 'system' as const,
  });

  async function run<State, Event extends DecidedEvent>(
    step: Step<State, Event>,
    what: Record<string, unknown>,
    mailOf?: (outcome: StepOutcome<State, Event>) => QueuedMail | QueuedMail[] | null,
  ) {
    try {
      return await execute(store, step, {
        codec: eventCodec,
        metadata: metadata(),
        now: clock,
        inTransaction: mailOf
          ? async (tx: Database, outcome) => {
              const mails = outcome.position === null ? null : mailOf(outcome);
              for (const mail of [mails ?? []].flat()) await queueMail(tx, mail.id, mail.message, clock());
            }
          : undefined,
      });
    } catch (error) {
      logger.warn({ err: error, ...what }, 'the scheduler could not run a command; the next tick retries');
      return null;
    }
  }

  async function runMany<State, Event extends DecidedEvent>(
    steps: Step<State, Event>[],
    what: (index: number) => Record<string, unknown>,
    mailOf?: (outcome: StepOutcome<State, Event>, index: number) => QueuedMail | null,
  ): Promise<(StepOutcome<State, Event> | null)[]> {
    try {
      const outcomes = await executeMany(store, steps, {
        codec: eventCodec,
        metadata: metadata(),
        now: clock,
        inTransaction: mailOf
          ? async (tx, all) => {
              for (const [index, outcome] of all.entries()) {
                const mail = outcome.events.length === 0 ? null : mailOf(outcome, index);
                if (mail) await queueMail(tx, mail.id, mail.message, clock());
              }
            }
          : undefined,
      });
      if (outcomes) return outcomes;
    } catch (error) {
      logger.warn({ err: error }, 'a batch of the scheduler failed; its commands run one by one');
    }
    const one: (StepOutcome<State, Event> | null)[] = [];
    for (const [index, step] of steps.entries())
      one.push(await run(step, what(index), mailOf && ((outcome) => mailOf(outcome, index))));
    return one;
  }

  const register = (job: RegisteredJob) => {
    if (jobs.some((known) => known.name === job.name))
      throw new Error(`a job named ${job.name} is registered`);
    jobs.push(job);
  };
  for (const job of options.jobs ?? []) register(job);

  let running: Promise<TickReport> | null = null;
  async function pass(): Promise<TickReport> {
    const report: TickReport = { overdue: 0, reminders: 0, notifications: 0, mailed: 0 };
    const now = clock();
    const context: JobContext = {
      db: store.db,
      store,
      logger,
      now,
      today: dayOf(now),
      appUrl,
      mailDomain,
      run,
      runMany,
      count: (key, by = 1) => {
        report[key] = (report[key] ?? 0) + by;
      },
    };
    for (const job of jobs) {
      try {
        await job.pass(context);
      } catch (error) {
        logger.error({ err: error, job: job.name }, 'a scheduled job failed its pass; the next tick retries');
      }
    }
    report.mailed = (await deliver()).sent;
    const { mailed: _mailed, ...counts } = report;
    if (Object.values(counts).some((value) => value > 0)) logger.info(report, 'the scheduler ticked');
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
        logger.error({ err: error }, 'the scheduler failed a tick; the next one retries');
      }
      schedule();
    }, options.intervalMs);
    timer.unref?.();
  };
  schedule();

  return {
    register,
    jobs,
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
