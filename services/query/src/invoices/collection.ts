import {
  type CollectionFigures,
  collectionStatusOf,
  type InvoiceCollectionDetails,
  type InvoiceCollectionView,
  type InvoiceContent,
  invoiceMailDefaults,
  owedAndKept,
  type PaymentView,
  paymentMethodKinds,
  paymentSources,
} from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { readModels } from '@remit/readmodels';
import { and, asc, eq } from 'drizzle-orm';

const { invoiceCollection, invoiceCredits, invoicePayments, invoiceShares, invoiceReminders } = readModels;

export type CollectionRow = Pick<
  typeof invoiceCollection.$inferSelect,
  'total' | 'amountPaid' | 'voided' | 'issueDate' | 'dueDate'
> &
  Pick<CollectionFigures, 'credited' | 'refunded' | 'fullyCredited'>;

/**
 * The customer's side of an invoice as its list row and details show it. Until the collection read model
 * has the invoice (it follows the same position as the list), nothing stands paid.
 */
export function collectionView(
  row: CollectionRow | null,
  invoice: { amount: number; issueDate: string; dueDate: string },
  today: string,
): InvoiceCollectionView {
  const figures = row ?? { total: invoice.amount, amountPaid: 0, voided: false, ...invoice };
  const { owed, kept } = owedAndKept(figures);
  return {
    CollectionStatus: collectionStatusOf(figures, today),
    AmountPaid: figures.amountPaid,
    Balance: figures.voided ? 0 : Math.max(0, owed - kept),
    RefundDue: Math.max(0, kept - owed),
  };
}

/** The invoice's collection figures (with its credits, D-208), or undefined until the collection read model has it. */
export async function findCollectionFigures(db: Database, userId: string, invoiceId: string) {
  const [row] = await db
    .select()
    .from(invoiceCollection)
    .where(and(eq(invoiceCollection.invoiceId, invoiceId), eq(invoiceCollection.userId, userId)))
    .limit(1);
  if (!row) return row;
  const [credits] = await db
    .select()
    .from(invoiceCredits)
    .where(and(eq(invoiceCredits.invoiceId, invoiceId), eq(invoiceCredits.userId, userId)))
    .limit(1);
  return credits
    ? { ...row, credited: credits.credited, refunded: credits.refunded, fullyCredited: credits.fullyCredited }
    : row;
}

const asSource = (source: string): PaymentView['source'] =>
  (paymentSources as readonly string[]).includes(source) ? (source as PaymentView['source']) : 'owner';
const asMethod = (method: string): PaymentView['method'] =>
  (paymentMethodKinds as readonly string[]).includes(method) ? (method as PaymentView['method']) : 'other';

/**
 * `GET /invoices/{id}`'s `Collection`: its figures, the void's reason, every payment, oldest first, and what its
 * mail says when the send dialog's subject and message are left empty (in the invoice's language, D-341).
 */
export async function collectionDetails(
  db: Database,
  userId: string,
  invoice: { id: string; amount: number; issueDate: string; dueDate: string; content: InvoiceContent },
  today: string,
  /** The invoice's document language, from its e-invoice model (invoiceLanguageOf). */
  language: string,
): Promise<InvoiceCollectionDetails> {
  const row = await findCollectionFigures(db, userId, invoice.id);
  const payments = await db
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.invoiceId, invoice.id), eq(invoicePayments.userId, userId)))
    .orderBy(asc(invoicePayments.position));
  const shares = await db
    .select({ shareId: invoiceShares.shareId })
    .from(invoiceShares)
    .where(
      and(
        eq(invoiceShares.invoiceId, invoice.id),
        eq(invoiceShares.userId, userId),
        eq(invoiceShares.active, true),
      ),
    )
    .limit(1);
  const [reminders] = await db
    .select({ off: invoiceReminders.remindersOff })
    .from(invoiceReminders)
    .where(and(eq(invoiceReminders.invoiceId, invoice.id), eq(invoiceReminders.userId, userId)))
    .limit(1);
  const view = collectionView(row ?? null, invoice, today);
  return {
    ...view,
    Mail: invoiceMailDefaults(invoice.content, view.Balance, language),
    RemindersEnabled: !reminders?.off,
    VoidReason: row?.voidReason ?? null,
    Shared: shares.length > 0,
    Payments: payments.map((payment) => ({
      id: payment.paymentId,
      amount: payment.amount,
      currency: payment.currency,
      date: payment.date,
      method: asMethod(payment.method),
      reference: payment.reference,
      note: payment.note,
      source: asSource(payment.source),
      fee: payment.fee,
      reversed: payment.reversed,
      reversedAmount: payment.reversedAmount,
      reversalReason: payment.reversalReason,
    })),
  };
}
