import { randomUUID } from 'node:crypto';
import {
  addDays,
  dayIn,
  formatMoney,
  incrementInvoiceNumber,
  invoiceSendMailId,
  money,
  type RecurringEvent,
  recurringStreamId,
  sendInvoiceSchema,
} from '@remit/contracts';
import { balanceOf, collectInvoice, duePeriod, recurringDecider, recurringStep } from '@remit/domain';
import { type EventStore, execute, foldEvents } from '@remit/eventstore';
import {
  AppError,
  defineJob,
  eventCodec,
  type JobContext,
  type QueuedMail,
  type RegisteredJob,
} from '@remit/kit';
import { nextInvoiceNumber, readModels } from '@remit/readmodels';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { InvoicePdfSource } from '../invoices/collection-routes.js';
import { invoiceEmail } from '../invoices/invoice-email.js';
import type { InvoiceCommands } from '../invoices/service.js';
import { hashShareToken, newShareToken } from '../invoices/share-routes.js';
import { streamInvoice } from '../invoices/stream-invoice.js';
import { ownerSentMail } from './owner-mail.js';
import { recurringInvoiceId, runInvoice } from './run-invoice.js';

const { recurringProfiles, recurringRuns, users } = readModels;

/** Profiles looked at per tick; each issues at most one period per tick (catch-up never bursts). */
const ISSUE_BATCH = 100;
const SEND_BATCH = 50;

const foldProfile = async (store: EventStore, profileId: string) => {
  const known = await store.readStreams([recurringStreamId(profileId)]);
  const state = foldEvents(recurringDecider, known.get(recurringStreamId(profileId)) ?? [], eventCodec);
  return { state, known };
};

/**
 * The scheduler's recurring jobs (docs/decisions.md D-274): `recurring-issue` issues each due profile's oldest
 * unhandled period (one per profile and tick), `recurring-send` sends what a 'send' profile issued. Register both
 * with a scheduler (`scheduler.register(...jobs)`); any number of schedulers may run them.
 */
export function recurringJobs(deps: {
  invoices: InvoiceCommands;
  /** Renders the invoice's PDF for a send; without it 'send' profiles issue and wait. */
  invoicePdf?: InvoicePdfSource;
}): RegisteredJob[] {
  const { invoices } = deps;

  async function issueOne(context: JobContext, profileId: string, userId: string): Promise<boolean> {
    const { state, known } = await foldProfile(context.store, profileId);
    if (state.userId !== userId || !state.schedule || !state.invoice) return false;
    const today = dayIn(context.now, state.schedule.timeZone);
    const due = duePeriod(state, today);
    if (!due) return false;
    const invoiceId = recurringInvoiceId(profileId, due.period);
    let number = await nextInvoiceNumber(context.db, userId);
    for (let attempt = 0; attempt < 5; attempt++) {
      const submit = await runInvoice(context.db, userId, state.invoice, today, number);
      // As a hand-issued invoice: the owner's company logo, and the run it came from on its InvoiceIssued.
      const issue = await invoices.issue(userId, submit, null, {
        invoiceId,
        origin: { kind: 'recurring', profileId, period: due.period },
        companyLogo: true,
      });
      const command = recurringStep(
        {
          type: 'RunRecurringProfile',
          data: { profileId, userId, today, period: due.period, invoiceId, number },
        },
        {
          known,
          effects: (events: RecurringEvent[]) =>
            events.some((event) => event.type === 'RecurringInvoiceIssued') ? [issue] : [],
        },
      );
      try {
        const outcome = await execute(context.store, command, {
          codec: eventCodec,
          metadata: { userId: null, commandId: `clock-${randomUUID()}`, causationId: null, client: 'system' },
          now: () => context.now,
        });
        const issued = outcome.events.some((event) => event.type === 'RecurringInvoiceIssued');
        if (issued) context.count('recurring');
        return outcome.events.length > 0;
      } catch (error) {
        if (error instanceof AppError && error.reason === 'invoice_number_taken') {
          number = incrementInvoiceNumber(number);
          continue;
        }
        context.logger.warn({ err: error, profileId }, 'a recurring run failed; the next tick retries');
        return false;
      }
    }
    return false;
  }

  const issueJob = defineJob({
    name: 'recurring-issue',
    catchUp:
      'issues the oldest missed period of each profile per tick (or skips them all when the owner chose skip)',
    batch: ISSUE_BATCH,
    // The read is by the UTC day plus one: no zone is more than 14 hours ahead, so every profile due in its
    // owner's day is found; the owner's day is checked on the profile's own stream.
    find: (context, limit) =>
      context.db
        .select({ id: recurringProfiles.id, userId: recurringProfiles.userId })
        .from(recurringProfiles)
        .where(
          and(
            eq(recurringProfiles.status, 'active'),
            lte(recurringProfiles.nextRun, addDays(context.today, 1)),
          ),
        )
        .orderBy(asc(recurringProfiles.nextRun))
        .limit(limit),
    async run(context, rows) {
      let handled = 0;
      for (const row of rows) {
        // One profile's fault (a template a changed rule refuses, a payment method gone) waits alone.
        try {
          if (await issueOne(context, row.id, row.userId)) handled++;
        } catch (error) {
          context.logger.warn(
            { err: error, profileId: row.id },
            'a recurring run failed; the next tick retries',
          );
        }
      }
      return handled;
    },
  });

  async function sendOne(
    context: JobContext,
    run: { profileId: string; userId: string; period: number; invoiceId: string },
  ): Promise<boolean> {
    const { invoicePdf } = deps;
    if (!invoicePdf) return false;
    const { profileId, userId, period, invoiceId } = run;
    const { state } = await foldProfile(context.store, profileId);
    const recorded = state.runs.find((candidate) => candidate.period === period);
    if (!recorded || recorded.sent || state.deleted) return false;
    const [owner] = await context.db
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    let pdf: { pdf: Buffer; filename: string };
    try {
      pdf = await invoicePdf(userId, await streamInvoice(context.store, userId, invoiceId));
    } catch (error) {
      context.logger.warn({ err: error, invoiceId }, 'a recurring invoice could not be rendered to send');
      return false;
    }
    const input = sendInvoiceSchema.parse({});
    const token = newShareToken();
    const sendId = recurringInvoiceId(`${profileId}:send`, period);
    // The send is the root (its outcome makes the mail, as `POST /invoices/{id}/send` does); the profile records
    // the run sent in the same transaction, and refuses a second time, so the invoice is sent once.
    const send = collectInvoice(
      {
        type: 'SendInvoice',
        data: {
          invoiceId,
          userId,
          sendId,
          to: input.to,
          cc: input.cc,
          subject: input.subject,
          message: input.message,
          share: { shareId: randomUUID(), tokenHash: hashShareToken(token) },
        },
      },
      [recurringStep({ type: 'RecordRecurringSent', data: { profileId, userId, period, sendId } })],
    );
    const outcome = await context.run(send, { profileId, period }, (done) => {
      const sent = done.events.find((event) => event.type === 'InvoiceSent');
      const { content } = done.state;
      if (sent?.type !== 'InvoiceSent' || !content) return null;
      const shared = done.events.some((event) => event.type === 'InvoiceShared');
      const balance = balanceOf(content, done.state.collection);
      const mails: QueuedMail[] = [
        {
          id: invoiceSendMailId(sendId),
          message: invoiceEmail({
            ...sent.data,
            message: input.message,
            content,
            balance,
            pageUrl: shared ? `${context.appUrl.replace(/\/+$/, '')}/i/${token}` : null,
            pdf: { filename: pdf.filename, content: pdf.pdf },
            mailDomain: context.mailDomain,
          }),
        },
      ];
      if (owner)
        mails.push({
          id: `recurring-sent-${profileId}-${period}`,
          message: ownerSentMail({
            to: owner.email,
            ownerName: owner.name,
            number: content.number,
            customer: content.customer.companyName || content.customer.name,
            amount: formatMoney(money(balance, content.currency)),
            appUrl: context.appUrl.replace(/\/+$/, ''),
            messageId: `<recurring-sent-${profileId}-${period}@${context.mailDomain}>`,
          }),
        });
      return mails;
    });
    const sent = outcome?.events.some((event) => event.type === 'InvoiceSent') ?? false;
    if (sent) context.count('recurringSent');
    return sent;
  }

  const sendJob = defineJob({
    name: 'recurring-send',
    catchUp: `sends each issued, unsent invoice of a 'send' profile once, ${SEND_BATCH} a tick`,
    batch: SEND_BATCH,
    find: (context, limit) =>
      context.db
        .select({
          profileId: recurringRuns.profileId,
          userId: recurringRuns.userId,
          period: recurringRuns.period,
          invoiceId: recurringRuns.invoiceId,
        })
        .from(recurringRuns)
        .where(and(eq(recurringRuns.mode, 'send'), eq(recurringRuns.sent, false)))
        .orderBy(asc(recurringRuns.position))
        .limit(limit),
    async run(context, rows) {
      let handled = 0;
      for (const row of rows) {
        try {
          if (await sendOne(context, row)) handled++;
        } catch (error) {
          context.logger.warn(
            { err: error, invoiceId: row.invoiceId },
            'a recurring send failed; the next tick retries',
          );
        }
      }
      return handled;
    },
  });

  return [issueJob, sendJob];
}
