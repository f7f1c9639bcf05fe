import { formatMoney, money } from '../money.js';
import { catalogue, fill, formatDocumentDate } from './index.js';

/** What the send mail needs of an invoice to say its defaults. */
interface SentInvoice {
  number: string;
  dueDate: string;
  currency: string;
  seller: { name: string; companyName: string };
  eInvoice?: { language?: string | null } | null;
}

/**
 * The subject and opening sentence an invoice's mail has when the owner leaves them empty (issue 30, D-341), in the
 * invoice's language: the decider's default subject, the mail's intro and the send dialog's placeholders are this
 * one answer, so the dialog shows the words the customer will get.
 */
export function invoiceMailDefaults(
  invoice: SentInvoice,
  balance: number,
  language: string = invoice.eInvoice?.language ?? 'en',
): { subject: string; message: string } {
  const words = catalogue(language);
  return {
    subject: fill(words.mail.subject, {
      number: invoice.number,
      seller: invoice.seller.companyName || invoice.seller.name,
    }),
    message: fill(words.mail.sendIntro, {
      number: invoice.number,
      amount: formatMoney(money(balance, invoice.currency), words.locale.money),
      date: formatDocumentDate(invoice.dueDate, language),
    }),
  };
}
