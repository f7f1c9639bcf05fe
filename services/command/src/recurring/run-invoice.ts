import { createHash } from 'node:crypto';
import { addDays, type InvoiceSubmit, invoiceSubmitSchema } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { readModels } from '@remit/readmodels';
import { and, eq } from 'drizzle-orm';

/** What a run's invoice is made of: its id, number, dates and terms (D-274). */

const { clients } = readModels;

/** The invoice of a profile's period: the same id whoever issues it, so its stream can be written once. */
export function recurringInvoiceId(profileId: string, period: number): string {
  const hex = createHash('sha256').update(`recurring:${profileId}:${period}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Days from issue to due: the client's payment terms (the client with the template's customer e-mail), else the
 * template's own (its due date minus its issue date).
 */
export async function termsDaysOf(db: Database, userId: string, template: InvoiceSubmit): Promise<number> {
  const [client] = await db
    .select({ details: clients.details })
    .from(clients)
    .where(
      and(
        eq(clients.userId, userId),
        eq(clients.email, template.customerEmail.toLowerCase()),
        eq(clients.archived, false),
      ),
    )
    .limit(1);
  const terms = client?.details.paymentTermsDays;
  if (typeof terms === 'number' && Number.isInteger(terms) && terms >= 0) return terms;
  const days = Math.round(
    (Date.parse(`${template.dueDate}T00:00:00Z`) - Date.parse(`${template.issueDate}T00:00:00Z`)) /
      86_400_000,
  );
  return Number.isFinite(days) && days > 0 ? days : 0;
}

/** The template as a run issues it: the run's number, its day, the due date from the client's terms. */
export async function runInvoice(
  db: Database,
  userId: string,
  template: Record<string, unknown>,
  issueDate: string,
  number: string,
): Promise<InvoiceSubmit> {
  const parsed = invoiceSubmitSchema.parse(template);
  const terms = await termsDaysOf(db, userId, parsed);
  const { draftId: _draft, status: _status, ...rest } = template;
  return invoiceSubmitSchema.parse({
    ...rest,
    invoiceNumber: number,
    issueDate,
    dueDate: addDays(issueDate, terms),
  });
}
