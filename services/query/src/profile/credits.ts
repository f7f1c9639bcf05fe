import { type Database, rowsOf } from '@remit/eventstore';
import { sql } from 'drizzle-orm';

/**
 * What credit notes change in the profile's figures (issue 27, D-209), read at query time from `invoice_credits`
 * beside the kept totals (which the fixture logs rebuild byte for byte, D-19). Per credited live invoice: revenue
 * is what the customer keeps paid up to what they owe (payments owed back are not revenue), and a client's billed
 * total less its credits. What is pending after credits the kept totals know themselves (invoice-totals, D-256).
 */
const OWED = 'case when k.fully_credited then 0 else greatest(0, c.total - k.credited) end';
const KEPT = '(c.amount_paid - k.refunded)';

export interface CurrencyCredits {
  currency: string;
  /** Taken off the kept revenue (paid). */
  revenue: number;
}

export async function creditsByCurrency(db: Database, userId: string): Promise<CurrencyCredits[]> {
  const result = await db.execute(sql`
    select c.currency,
      sum(c.amount_paid - least(greatest(${sql.raw(KEPT)}, 0), ${sql.raw(OWED)}))::text as revenue
    from invoice_credits k
    join invoice_collection c on c.invoice_id = k.invoice_id and c.user_id = k.user_id
    where k.user_id = ${userId} and not c.voided
    group by c.currency`);
  return rowsOf<{ currency: string; revenue: string }>(result).map((row) => ({
    currency: row.currency,
    revenue: Number(row.revenue),
  }));
}

/** Credits per client (lower-cased e-mail) and currency: taken off the client's billed total. */
export async function creditsByClient(db: Database, userId: string): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select c.customer_email, c.currency, sum(k.credited)::text as credited
    from invoice_credits k
    join invoice_collection c on c.invoice_id = k.invoice_id and c.user_id = k.user_id
    where k.user_id = ${userId} and not c.voided
    group by c.customer_email, c.currency`);
  return new Map(
    rowsOf<{ customer_email: string; currency: string; credited: string }>(result).map((row) => [
      `${row.customer_email}\n${row.currency}`,
      Number(row.credited),
    ]),
  );
}
