import {
  catalogue,
  type DocumentLanguage,
  fill,
  type InvoiceContent,
  type InvoiceRecord,
  sampleEInvoice,
} from '@remit/contracts';
import type { MailMessage } from '@remit/kit';
import { creditNoteEmail } from '../../../command/src/credit-notes/credit-note-email.js';
import { invoiceEmail } from '../../../command/src/invoices/invoice-email.js';
import { quoteAcceptedEmail, quoteEmail } from '../../../command/src/quotes/quote-email.js';
import { reminderEmail } from '../../../projector/src/time/emails.js';

/**
 * Every mail a customer gets, in one language (issue 30): the fixture of the mail-languages test and of the
 * contact sheets (scripts/language-sheets.ts), so what is tested is what is looked at. A German studio's invoice
 * of €1,428.00 due on 27 December 2026, paid by SEPA transfer; its credit note and a quote.
 */
export const mailContent: InvoiceContent = {
  number: 'RE-2026-0042',
  issueDate: '2026-11-27',
  dueDate: '2026-12-27',
  currency: 'EUR',
  taxRate: 1900,
  items: [{ description: 'Markenworkshop', quantity: 1, unitPrice: 120_000, total: 120_000 }],
  subtotal: 120_000,
  tax: 22_800,
  total: 142_800,
  seller: {
    name: 'Anna Schmidt',
    email: 'anna@schmidt.de',
    address: 'Berlin',
    companyName: 'Schmidt Design GmbH',
    vatId: null,
  },
  customer: {
    name: 'Jonas Weber',
    email: 'jonas@weber.de',
    address: 'Hamburg',
    companyName: 'Weber AG',
    vatId: null,
  },
  notes: '',
  terms: '',
  logo: null,
  paymentMethod: {
    id: 'pm-1',
    name: 'Überweisung',
    type: 'bank_transfer',
    bankName: 'Berliner Sparkasse',
    iban: 'DE89370400440532013000',
    swift: 'COBADEFFXXX',
  },
  template: { id: 'classic', name: 'Classic', componentName: 'Classic' },
};

const record = (language: DocumentLanguage, overrides: Partial<InvoiceRecord['eInvoice']> = {}) =>
  ({ ...mailContent, eInvoice: sampleEInvoice({ language, ...overrides }) }) as InvoiceRecord;

export type CustomerMail = 'send' | 'soon' | 'today' | 'overdue' | 'creditNote' | 'quote' | 'quoteAccepted';

/** The customer's mails in `language`, each with the subject the owner's empty field gives it. */
export function customerMailsIn(language: DocumentLanguage): Record<CustomerMail, MailMessage> {
  const t = catalogue(language).mail;
  const seller = mailContent.seller.companyName;
  const reminder = (today: string, id: string) =>
    reminderEmail({
      content: mailContent,
      today,
      to: 'jonas@weber.de',
      balance: 142_800,
      messageId: id,
      language,
    });
  const credit = record(language, {
    typeCode: '381',
    precedingInvoice: { number: 'RE-2026-0042', issueDate: '2026-11-27' },
  });
  return {
    send: invoiceEmail({
      sendId: 'send-1',
      to: ['jonas@weber.de'],
      cc: [],
      subject: fill(t.subject, { number: mailContent.number, seller }),
      message: '',
      content: mailContent,
      balance: 142_800,
      pageUrl: 'https://remit.example/i/token',
      pdf: { filename: 'RE-2026-0042.pdf', content: Buffer.from('%PDF-') },
      mailDomain: 'remit.example',
      language,
    }),
    soon: reminder('2026-12-24', '<r1@remit.example>'),
    today: reminder('2026-12-27', '<r2@remit.example>'),
    overdue: reminder('2027-01-04', '<r3@remit.example>'),
    creditNote: creditNoteEmail({
      sendId: 'send-2',
      to: ['jonas@weber.de'],
      cc: [],
      subject: fill(t.creditNoteSubject, { number: 'GS-2026-0007', seller }),
      message: '',
      content: { ...credit, number: 'GS-2026-0007' },
      pdf: { filename: 'GS-2026-0007.pdf', pdf: Buffer.from('%PDF-') },
      mailDomain: 'remit.example',
    }),
    quote: quoteEmail({
      sendId: 'send-3',
      to: ['jonas@weber.de'],
      cc: [],
      subject: fill(t.quoteSubject, { number: 'ANG-2026-0003', seller }),
      message: '',
      content: { ...record(language), number: 'ANG-2026-0003' },
      validUntil: '2026-12-31',
      pageUrl: 'https://remit.example/q/token',
      pdf: { filename: 'ANG-2026-0003.pdf', content: Buffer.from('%PDF-') },
      mailDomain: 'remit.example',
    }),
    quoteAccepted: quoteAcceptedEmail({
      to: 'jonas@weber.de',
      name: 'Jonas Weber',
      content: { ...record(language), number: 'ANG-2026-0003' },
      messageId: '<quote-accepted-1@remit.example>',
    }),
  };
}
