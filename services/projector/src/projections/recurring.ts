import { recurringStreamId } from '@remit/contracts';
import { nextRunOf, recurringDecider } from '@remit/domain';
import { events, foldEvents } from '@remit/eventstore';
import { eventCodec, unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { and, asc, eq, lte } from 'drizzle-orm';
import { defineProjection } from '../projection.js';

const { recurringProfiles, recurringRuns } = readModels;

/**
 * Recurring profiles and their runs (issue 33). A profile's row is its stream folded up to the event being
 * applied (the decider's own `evolve`, so the next run the list shows is the one the scheduler will issue): a
 * function of the log alone, the same on a replay.
 */
export const recurringProjection = defineProjection({
  name: 'recurring',
  tables: ['recurring_profiles', 'recurring_runs'],
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
  async apply(db, event) {
    const { profileId, userId } = event.data;
    const streamId = recurringStreamId(profileId);
    const history = await db
      .select()
      .from(events)
      .where(and(eq(events.streamId, streamId), lte(events.version, event.version)))
      .orderBy(asc(events.version));
    const state = foldEvents(recurringDecider, history, eventCodec);
    const own = and(eq(recurringProfiles.id, profileId), eq(recurringProfiles.userId, userId));
    if (state.deleted) {
      await db.delete(recurringRuns).where(eq(recurringRuns.profileId, profileId));
      await db.delete(recurringProfiles).where(own);
      return;
    }
    if (!state.schedule || !state.invoice) return;
    const nextRun = nextRunOf(state);
    const last = state.runs.at(-1);
    const invoice = state.invoice;
    const row = {
      id: profileId,
      userId,
      status:
        nextRun === null ? ('ended' as const) : state.paused ? ('paused' as const) : ('active' as const),
      frequency: state.schedule.frequency,
      dayOfMonth: state.schedule.dayOfMonth === null ? null : String(state.schedule.dayOfMonth),
      startDate: state.schedule.startDate,
      endDate: state.schedule.endDate,
      count: state.schedule.count,
      mode: state.mode,
      missed: state.missed,
      timeZone: state.schedule.timeZone,
      customerName: String(invoice.customerCompanyName || invoice.customerName || ''),
      customerEmail: String(invoice.customerEmail ?? '').toLowerCase(),
      currency: String(invoice.currency ?? '').toUpperCase(),
      invoice,
      nextPeriod: state.next,
      nextRun,
      invoicesIssued: state.runs.length,
      lastInvoiceId: last?.invoiceId ?? null,
      lastInvoiceNumber: last?.number ?? null,
      lastIssueDate: last?.issueDate ?? null,
      updatedAt: event.createdAt,
    };
    await db
      .insert(recurringProfiles)
      .values({ ...row, createdAt: event.createdAt, createdPosition: event.position })
      .onConflictDoUpdate({ target: recurringProfiles.id, set: row });
    switch (event.type) {
      case 'RecurringInvoiceIssued': {
        const { period, date, issueDate, invoiceId, number, mode } = event.data;
        await db
          .insert(recurringRuns)
          .values({
            profileId,
            userId,
            period,
            date,
            issueDate,
            invoiceId,
            number,
            mode,
            sent: false,
            position: event.position,
          })
          .onConflictDoNothing();
        return;
      }
      case 'RecurringInvoiceSent':
        await db
          .update(recurringRuns)
          .set({ sent: true })
          .where(and(eq(recurringRuns.profileId, profileId), eq(recurringRuns.period, event.data.period)));
        return;
      case 'RecurringProfileCreated':
      case 'RecurringProfileUpdated':
      case 'RecurringProfilePaused':
      case 'RecurringProfileResumed':
      case 'RecurringProfileDeleted':
      case 'RecurringPeriodsSkipped':
        return;
      default:
        return unreachable(event);
    }
  },
});
