import { type QuoteState, type QuoteSummary, quoteStateOf } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { readModels } from '@remit/readmodels';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';

const { quotes } = readModels;

export const QUOTES_PAGE_SIZE = 20;

/** Whether the owner's day at `moment` (in each quote's own time zone) is after its valid-until day. */
const expiredAt = (moment: Date) =>
  sql`${quotes.validUntil} < to_char((${moment.toISOString()}::timestamptz at time zone ${quotes.timeZone}), 'YYYY-MM-DD')`;

/** The rows of a state; 'Expired' and 'Sent' split the sent ones by the owner's day (D-281). */
function stateFilter(state: QuoteState, moment: Date): SQL | undefined {
  switch (state) {
    case 'Draft':
      return eq(quotes.stage, 'draft');
    case 'Sent':
      return and(eq(quotes.stage, 'sent'), sql`not (${expiredAt(moment)})`);
    case 'Expired':
      return and(eq(quotes.stage, 'sent'), expiredAt(moment));
    case 'Accepted':
      return eq(quotes.stage, 'accepted');
    case 'Declined':
      return eq(quotes.stage, 'declined');
    case 'Invoiced':
      return eq(quotes.stage, 'invoiced');
  }
}

type QuoteRow = typeof quotes.$inferSelect;

/** The row as the API shows it, its state read at `moment`. */
export function toQuoteSummary(row: QuoteRow, moment: Date): QuoteSummary {
  const state = quoteStateOf(
    {
      sent: row.stage !== 'draft',
      answer:
        row.stage === 'accepted' || row.stage === 'declined' ? { accepted: row.stage === 'accepted' } : null,
      invoiced: row.stage === 'invoiced',
      validUntil: row.validUntil,
      timeZone: row.timeZone,
    },
    moment,
  );
  return {
    id: row.id,
    number: row.number,
    state,
    customerName: row.customerName,
    customerCompanyName: row.customerCompanyName,
    issueDate: row.issueDate,
    validUntil: row.validUntil,
    total: row.total,
    currency: row.currency,
    invoiceId: row.invoiceId,
    invoiceNumber: row.invoiceNumber,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A page of the user's quotes, most recently changed first, in one state or all. */
export async function listQuotes(
  db: Database,
  input: { userId: string; state?: QuoteState | undefined; page: number; now: Date },
): Promise<{ quotes: QuoteSummary[]; hasMore: boolean }> {
  const { userId, state, page, now } = input;
  const rows = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.userId, userId), state ? stateFilter(state, now) : undefined))
    .orderBy(desc(quotes.updatedAt), desc(quotes.number), quotes.id)
    .limit(QUOTES_PAGE_SIZE + 1)
    .offset((page - 1) * QUOTES_PAGE_SIZE);
  return {
    quotes: rows.slice(0, QUOTES_PAGE_SIZE).map((row) => toQuoteSummary(row, now)),
    hasMore: rows.length > QUOTES_PAGE_SIZE,
  };
}
