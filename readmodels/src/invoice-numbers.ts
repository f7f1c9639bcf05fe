import { incrementInvoiceNumber } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { and, count, desc, eq } from 'drizzle-orm';
import { invoiceNumbers } from './schema.js';

/**
 * The user's last reserved number with its trailing digits counted up (INV-009 → INV-010), free of clashes, as the
 * read models know it: the web's suggestion (`GET /invoices/next-number`) and a recurring run's first try. The
 * number itself is claimed on its own stream when the invoice is issued.
 */
export async function nextInvoiceNumber(db: Database, userId: string): Promise<string> {
  const [last] = await db
    .select({ number: invoiceNumbers.number })
    .from(invoiceNumbers)
    .where(eq(invoiceNumbers.userId, userId))
    .orderBy(desc(invoiceNumbers.position))
    .limit(1);
  let candidate = last ? incrementInvoiceNumber(last.number) : 'INV-0001';
  for (let tries = 0; tries < 50; tries++) {
    const [taken] = await db
      .select({ n: count() })
      .from(invoiceNumbers)
      .where(and(eq(invoiceNumbers.userId, userId), eq(invoiceNumbers.number, candidate)));
    if (!taken?.n) return candidate;
    candidate = incrementInvoiceNumber(candidate);
  }
  return incrementInvoiceNumber(`${candidate}-0`);
}
