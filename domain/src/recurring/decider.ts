import {
  addDays,
  firstPeriodFrom,
  periodDate,
  type RecurringEvent,
  type RecurringMissed,
  type RecurringMode,
  type RecurringSchedule,
  recurringStreamId,
} from '@remit/contracts';
import { type Decider, type Step, step } from '@remit/eventstore';
import { AppError, unreachable } from '@remit/kit';

/**
 * A recurring profile (issue 33; docs/decisions.md D-272): its template, its schedule and which periods were
 * handled. `next` is the first period not handled; each run is decided on this one stream with its expected
 * version, so a period is issued once whatever number of schedulers find it due, and after downtime the missed
 * periods come one per run, oldest first (or are skipped together when the owner chose so).
 */
export interface RecurringRun {
  period: number;
  date: string;
  issueDate: string;
  invoiceId: string;
  number: string;
  sent: boolean;
}

export interface RecurringState {
  exists: boolean;
  deleted: boolean;
  profileId: string | null;
  userId: string | null;
  invoice: Record<string, unknown> | null;
  schedule: RecurringSchedule | null;
  mode: RecurringMode;
  missed: RecurringMissed;
  paused: boolean;
  next: number;
  runs: RecurringRun[];
}

interface ProfileData {
  profileId: string;
  userId: string;
  invoice: Record<string, unknown>;
  schedule: RecurringSchedule;
  mode: RecurringMode;
  missed: RecurringMissed;
}

export type RecurringCommand =
  | { type: 'CreateRecurringProfile'; data: ProfileData }
  | { type: 'UpdateRecurringProfile'; data: ProfileData & { on: string } }
  | { type: 'PauseRecurringProfile'; data: { profileId: string; userId: string; on: string } }
  | { type: 'ResumeRecurringProfile'; data: { profileId: string; userId: string; on: string } }
  | { type: 'DeleteRecurringProfile'; data: { profileId: string; userId: string } }
  | {
      type: 'RunRecurringProfile';
      data: {
        profileId: string;
        userId: string;
        /** The owner's day now (the profile's time zone). */
        today: string;
        /** The period the caller prepared an invoice for; another due period is left for the next run. */
        period: number;
        invoiceId: string;
        number: string;
      };
    }
  | {
      type: 'RecordRecurringSent';
      data: { profileId: string; userId: string; period: number; sendId: string };
    };

const initial: RecurringState = {
  exists: false,
  deleted: false,
  profileId: null,
  userId: null,
  invoice: null,
  schedule: null,
  mode: 'draft',
  missed: 'issue',
  paused: false,
  next: 0,
  runs: [],
};

const notFound = () => new AppError('not_found', 'Recurring invoice not found');

/** The first period still to handle and its date, after skipping what `missed: 'skip'` skips on `today`. */
export function duePeriod(
  state: RecurringState,
  today: string,
): { period: number; date: string; skipFrom: number | null } | null {
  const { schedule } = state;
  if (!state.exists || state.deleted || state.paused || !schedule) return null;
  let period = state.next;
  let date = periodDate(schedule, period);
  if (date === null || date > today) return null;
  let skipFrom: number | null = null;
  if (state.missed === 'skip' && date < today) {
    skipFrom = period;
    period = firstPeriodFrom(schedule, period, today);
    date = periodDate(schedule, period);
    if (date === null || date > today) return { period, date: date ?? '', skipFrom };
  }
  return { period, date, skipFrom };
}

/** The date of the next period to handle, null when the schedule ended (or the profile is gone). */
export const nextRunOf = (state: RecurringState): string | null =>
  state.schedule && !state.deleted ? periodDate(state.schedule, state.next) : null;

export const recurringDecider: Decider<RecurringState, RecurringCommand, RecurringEvent> = {
  name: 'recurring',
  handles: [
    'RecurringProfileCreated',
    'RecurringProfileUpdated',
    'RecurringProfilePaused',
    'RecurringProfileResumed',
    'RecurringProfileDeleted',
    'RecurringInvoiceIssued',
    'RecurringPeriodsSkipped',
    'RecurringInvoiceSent',
  ],
  initialState: initial,
  evolve(state, event) {
    switch (event.type) {
      case 'RecurringProfileCreated': {
        const { profileId, userId, invoice, schedule, mode, missed } = event.data;
        return { ...initial, exists: true, profileId, userId, invoice, schedule, mode, missed };
      }
      case 'RecurringProfileUpdated': {
        const { invoice, schedule, mode, missed, on } = event.data;
        const last = state.runs.at(-1);
        const from = last && last.date >= on ? addDays(last.date, 1) : on;
        const sameSchedule = JSON.stringify(schedule) === JSON.stringify(state.schedule);
        const next = sameSchedule ? state.next : firstPeriodFrom(schedule, 0, from);
        return { ...state, invoice, schedule, mode, missed, next };
      }
      case 'RecurringProfilePaused':
        return { ...state, paused: true };
      case 'RecurringProfileResumed':
        return {
          ...state,
          paused: false,
          next: state.schedule ? firstPeriodFrom(state.schedule, state.next, event.data.on) : state.next,
        };
      case 'RecurringProfileDeleted':
        return { ...state, deleted: true };
      case 'RecurringInvoiceIssued': {
        const { period, date, issueDate, invoiceId, number } = event.data;
        return {
          ...state,
          next: period + 1,
          runs: [...state.runs, { period, date, issueDate, invoiceId, number, sent: false }],
        };
      }
      case 'RecurringPeriodsSkipped':
        return { ...state, next: Math.max(state.next, event.data.to) };
      case 'RecurringInvoiceSent':
        return {
          ...state,
          runs: state.runs.map((run) => (run.period === event.data.period ? { ...run, sent: true } : run)),
        };
      default:
        return unreachable(event);
    }
  },
  decide(state, command) {
    if (command.type === 'CreateRecurringProfile') {
      if (state.exists) return [];
      return [{ type: 'RecurringProfileCreated', data: command.data }];
    }
    const { userId, profileId } = command.data;
    const own = state.exists && !state.deleted && state.userId === userId;
    switch (command.type) {
      case 'UpdateRecurringProfile':
        if (!own) throw notFound();
        return [{ type: 'RecurringProfileUpdated', data: command.data }];
      case 'PauseRecurringProfile':
        if (!own) throw notFound();
        return state.paused ? [] : [{ type: 'RecurringProfilePaused', data: command.data }];
      case 'ResumeRecurringProfile':
        if (!own) throw notFound();
        return state.paused ? [{ type: 'RecurringProfileResumed', data: command.data }] : [];
      case 'DeleteRecurringProfile':
        if (!own) throw notFound();
        return [{ type: 'RecurringProfileDeleted', data: { profileId, userId } }];
      case 'RunRecurringProfile': {
        if (!own) return [];
        const { today, period, invoiceId, number } = command.data;
        const due = duePeriod(state, today);
        if (!due) return [];
        const events: RecurringEvent[] = [];
        if (due.skipFrom !== null && due.period > due.skipFrom)
          events.push({
            type: 'RecurringPeriodsSkipped',
            data: { profileId, userId, from: due.skipFrom, to: due.period, reason: 'missed' },
          });
        if (due.date === '' || due.date > today || due.period !== period) return events;
        events.push({
          type: 'RecurringInvoiceIssued',
          data: {
            profileId,
            userId,
            period,
            date: due.date,
            issueDate: today,
            invoiceId,
            number,
            mode: state.mode,
          },
        });
        return events;
      }
      case 'RecordRecurringSent': {
        if (!own) return [];
        const run = state.runs.find((candidate) => candidate.period === command.data.period);
        // Thrown, not nothing: this step rides along the invoice's send, which must not commit a second time.
        if (!run || run.sent)
          throw new AppError('conflict', 'This run was sent already', { reason: 'recurring_sent' });
        return [
          {
            type: 'RecurringInvoiceSent',
            data: {
              profileId,
              userId,
              period: run.period,
              invoiceId: run.invoiceId,
              sendId: command.data.sendId,
            },
          },
        ];
      }
      default:
        return unreachable(command);
    }
  },
};

/** A command on a profile; `effects` adds what its events call for (the run's invoice, the send) in one transaction. */
export function recurringStep(
  command: RecurringCommand,
  options: {
    effects?: (events: RecurringEvent[], state: RecurringState) => Step[];
    known?: ReadonlyMap<string, import('@remit/eventstore').StoredEvent[]>;
    newStream?: boolean;
  } = {},
): Step<RecurringState, RecurringEvent> {
  return step({
    decider: recurringDecider,
    streams: recurringStreamId(command.data.profileId),
    command,
    ...(options.known ? { known: options.known } : {}),
    ...(options.newStream ? { newStream: true } : {}),
    ...(options.effects ? { effects: options.effects } : {}),
  });
}
