import {
  addDays,
  dayIn,
  incrementInvoiceNumber,
  invoiceContentFrom,
  invoiceSubmitSchema,
  type RecurringHistoryEntry,
  type RecurringProfileAnswer,
  type RecurringRunAnswer,
  readEvent,
  recurringStreamId,
} from '@remit/contracts';
import type { Database, EventStore } from '@remit/eventstore';
import { AppError } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';

const { recurringProfiles, recurringRuns, invoiceNumbers, clients } = readModels;

type ProfileRow = typeof recurringProfiles.$inferSelect;

const notFound = () => new AppError('not_found', 'Recurring invoice not found');

/** What the template adds up to (the invoice's own totals, minor units), for the list's amount and the preview. */
function totalOf(invoice: Record<string, unknown>): number {
  const parsed = invoiceSubmitSchema.safeParse(invoice);
  if (!parsed.success) return 0;
  const template = {
    id: parsed.data.templateId,
    name: parsed.data.templateId,
    componentName: parsed.data.templateId,
  };
  return invoiceContentFrom(parsed.data, { logo: null, paymentMethod: null, template }).total;
}

async function nextNumber(db: Database, userId: string): Promise<string> {
  const [last] = await db
    .select({ number: invoiceNumbers.number })
    .from(invoiceNumbers)
    .where(eq(invoiceNumbers.userId, userId))
    .orderBy(desc(invoiceNumbers.position))
    .limit(1);
  return last ? incrementInvoiceNumber(last.number) : 'INV-0001';
}

async function termsOf(db: Database, userId: string, invoice: Record<string, unknown>): Promise<number> {
  const email = String(invoice.customerEmail ?? '').toLowerCase();
  const [client] = await db
    .select({ details: clients.details })
    .from(clients)
    .where(and(eq(clients.userId, userId), eq(clients.email, email), eq(clients.archived, false)))
    .limit(1);
  const terms = client?.details.paymentTermsDays;
  if (typeof terms === 'number' && Number.isInteger(terms) && terms >= 0) return terms;
  const days = Math.round(
    (Date.parse(`${String(invoice.dueDate)}T00:00:00Z`) -
      Date.parse(`${String(invoice.issueDate)}T00:00:00Z`)) /
      86_400_000,
  );
  return Number.isFinite(days) && days > 0 ? days : 0;
}

function answerOf(row: ProfileRow, preview: RecurringProfileAnswer['preview']): RecurringProfileAnswer {
  const dayOfMonth =
    row.dayOfMonth === null ? null : row.dayOfMonth === 'last' ? 'last' : Number(row.dayOfMonth);
  return {
    id: row.id,
    status: row.status,
    frequency: row.frequency as RecurringProfileAnswer['frequency'],
    dayOfMonth,
    startDate: row.startDate,
    endDate: row.endDate,
    count: row.count,
    mode: row.mode,
    missed: row.missed,
    timeZone: row.timeZone,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    currency: row.currency,
    total: totalOf(row.invoice),
    nextRun: row.status === 'ended' ? null : row.nextRun,
    invoicesIssued: row.invoicesIssued,
    lastInvoice:
      row.lastInvoiceId && row.lastInvoiceNumber && row.lastIssueDate
        ? { id: row.lastInvoiceId, number: row.lastInvoiceNumber, issueDate: row.lastIssueDate }
        : null,
    preview,
    invoice: row.invoice,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The user's recurring profiles, newest first, each with its next run and a preview of the next invoice. */
export async function listRecurring(
  db: Database,
  userId: string,
  now: Date,
): Promise<RecurringProfileAnswer[]> {
  const rows = await db
    .select()
    .from(recurringProfiles)
    .where(eq(recurringProfiles.userId, userId))
    .orderBy(desc(recurringProfiles.createdPosition))
    .limit(500);
  if (rows.length === 0) return [];
  const number = await nextNumber(db, userId);
  return Promise.all(rows.map(async (row) => answerOf(row, await previewOf(db, row, number, now))));
}

async function previewOf(
  db: Database,
  row: ProfileRow,
  number: string,
  now: Date,
): Promise<RecurringProfileAnswer['preview']> {
  if (row.status === 'ended' || !row.nextRun) return null;
  // A run issues on its day, or on the owner's today when it catches up a missed one.
  const today = dayIn(now, row.timeZone);
  const issueDate = row.nextRun < today ? today : row.nextRun;
  return { issueDate, dueDate: addDays(issueDate, await termsOf(db, row.userId, row.invoice)), number };
}

const describe = (type: string, data: Record<string, unknown>): string => {
  switch (type) {
    case 'RecurringProfileCreated':
      return 'Recurring invoice created';
    case 'RecurringProfileUpdated':
      return 'Schedule or template changed';
    case 'RecurringProfilePaused':
      return 'Paused';
    case 'RecurringProfileResumed':
      return `Resumed on ${String(data.on)}`;
    case 'RecurringProfileDeleted':
      return 'Deleted';
    case 'RecurringInvoiceIssued':
      return `Invoice ${String(data.number)} issued for ${String(data.date)}${data.mode === 'draft' ? ' (not sent)' : ''}`;
    case 'RecurringPeriodsSkipped': {
      const count = Number(data.to) - Number(data.from);
      return `${count} missed ${count === 1 ? 'run' : 'runs'} skipped`;
    }
    case 'RecurringInvoiceSent':
      return 'Invoice sent to the customer';
    default:
      return type;
  }
};

/** One profile with its runs and its history (from its own stream: every change, in order). */
export async function openRecurring(
  deps: { db: Database; store: EventStore },
  userId: string,
  id: string,
  now: Date,
): Promise<RecurringProfileAnswer & { runs: RecurringRunAnswer[]; history: RecurringHistoryEntry[] }> {
  const [row] = await deps.db
    .select()
    .from(recurringProfiles)
    .where(and(eq(recurringProfiles.id, id), eq(recurringProfiles.userId, userId)))
    .limit(1);
  if (!row) throw notFound();
  const runs = await deps.db
    .select()
    .from(recurringRuns)
    .where(and(eq(recurringRuns.profileId, id), inArray(recurringRuns.userId, [userId])))
    .orderBy(asc(recurringRuns.period));
  const stream = await deps.store.readStream(recurringStreamId(id));
  const history = stream.map((stored) => {
    const event = readEvent(stored);
    return {
      at: stored.createdAt.toISOString(),
      type: event.type,
      text: describe(event.type, event.data as Record<string, unknown>),
    };
  });
  const number = await nextNumber(deps.db, userId);
  return {
    ...answerOf(row, await previewOf(deps.db, row, number, now)),
    runs: runs.map((run) => ({
      period: run.period,
      date: run.date,
      issueDate: run.issueDate,
      invoiceId: run.invoiceId,
      number: run.number,
      sent: run.sent,
    })),
    history,
  };
}
