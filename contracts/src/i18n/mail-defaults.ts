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

/** What the credit note's mail needs of it to say its defaults. */
interface SentCreditNote {
  number: string;
  total: number;
  currency: string;
  seller: { name: string; companyName: string };
  eInvoice: { language?: string | null; precedingInvoice: { number: string; issueDate: string } | null };
}

/**
 * The subject and opening a credit note's mail has when the owner leaves them empty, in its language: the decider's
 * default subject, the mail's intro and the send dialog's placeholder (`GET /credit-notes/{id}`'s `mail`, D-341).
 */
export function creditNoteMailDefaults(creditNote: SentCreditNote): { subject: string; message: string } {
  const language = creditNote.eInvoice.language ?? 'en';
  const words = catalogue(language);
  const corrected = creditNote.eInvoice.precedingInvoice;
  return {
    subject: fill(words.mail.creditNoteSubject, {
      number: creditNote.number,
      seller: creditNote.seller.companyName || creditNote.seller.name,
    }),
    message: fill(words.mail.creditNoteIntro, {
      number: creditNote.number,
      amount: formatMoney(money(creditNote.total, creditNote.currency), words.locale.money),
      invoice: corrected?.number ?? '',
      date: corrected ? formatDocumentDate(corrected.issueDate, language) : '',
    }),
  };
}
