import type { PublicInvoiceView } from '@remit/contracts';
import { isDocumentLanguage, paymentDetailsOf } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { creditNotesOfInvoice } from '../credit-notes/repository.js';
import { collectionView, findCollectionFigures } from './collection.js';
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
  row: InvoiceRow,
  today: string,
): Promise<PublicInvoiceView> {
  const [figures, creditNotes] = await Promise.all([
    findCollectionFigures(db, row.userId, row.id),
    creditNotesOfInvoice(db, row.userId, row.id),
  ]);
  const collection = collectionView(figures ?? null, row, today);
  const { content } = row;
  // The read model keeps the record as projected; one projected before issue 30 has no language: English.
  const language = (content as { eInvoice?: { language?: unknown } }).eInvoice?.language;
  return {
    language: isDocumentLanguage(language) ? language : 'en',
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
    payment: paymentDetailsOf(content),
  };
}
