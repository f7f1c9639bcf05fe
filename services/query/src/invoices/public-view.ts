import type { PublicInvoiceView } from '@remit/contracts';
import { paymentDetailsOf } from '@remit/contracts';
import type { Database, EventStore } from '@remit/eventstore';
import { readModels } from '@remit/readmodels';
import { and, eq } from 'drizzle-orm';
import { creditNotesOfInvoice } from '../credit-notes/repository.js';
import { collectionView, findCollectionFigures } from './collection.js';
import { invoiceLanguageOf } from './einvoice.js';
import type { InvoiceRow } from './repository.js';

const party = (p: {
  name: string;
  companyName: string;
  email: string;
  address: string;
  vatId: string | null;
}) => ({
  name: p.name,
  companyName: p.companyName,
  email: p.email,
  address: p.address,
  vatId: p.vatId,
});

/** The customer page's answer: the invoice's parties, figures and payment details, nothing of the owner's account. */
export async function publicInvoiceView(
  db: Database,
  store: EventStore,
  row: InvoiceRow,
  today: string,
): Promise<PublicInvoiceView> {
  const [figures, creditNotes, payOnline, language] = await Promise.all([
    findCollectionFigures(db, row.userId, row.id),
    creditNotesOfInvoice(db, row.userId, row.id),
    takesOnlinePayments(db, row.userId),
    // The invoices row keeps only the spec's content: the language is the e-invoice model's (D-341, D-440).
    invoiceLanguageOf(db, store, row),
  ]);
  const collection = collectionView(figures ?? null, row, today);
  const { content } = row;
  return {
    language,
    number: content.number,
    issueDate: content.issueDate,
    dueDate: content.dueDate,
    currency: content.currency,
    subtotal: content.subtotal,
    tax: content.tax,
    total: content.total,
    seller: party(content.seller),
    customer: party(content.customer),
    status: collection.CollectionStatus,
    creditNotes,
    amountPaid: collection.AmountPaid,
    balance: collection.Balance,
    settled: collection.CollectionStatus === 'paid',
    payOnline: payOnline && collection.Balance > 0 && collection.CollectionStatus !== 'void',
    payment: paymentDetailsOf(content),
  };
}

const { onlinePaymentAccounts } = readModels;

/** The owner has an account connected that takes charges (issue 31). */
async function takesOnlinePayments(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: onlinePaymentAccounts.userId })
    .from(onlinePaymentAccounts)
    .where(
      and(
        eq(onlinePaymentAccounts.userId, userId),
        eq(onlinePaymentAccounts.connected, true),
        eq(onlinePaymentAccounts.chargesEnabled, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}
