import {
  catalogue,
  fill,
  formatDocumentDate,
  formatDocumentDecimal,
  formatDocumentRate,
  formatMoney,
  type InvoiceDocument,
  type InvoiceParty,
  money,
} from '@remit/contracts';

/**
 * What a template receives as JSON (the virtual file `/__invoice__.json`): strings ready to print. Money is
 * formatted here with the currency's symbol and decimals, dates are spelled out, the IBAN is grouped, so
 * templates never compute.
 */
export interface TemplateData {
  meta: { title: string; author: string; subject: string; language: string };
  labels: TemplateLabels;
  number: string;
  issueDate: string;
  dueDate: string;
  currency: string;
  logo: string | null;
  seller: TemplateParty;
  customer: TemplateParty;
  items: Array<{ position: string; description: string; quantity: string; unitPrice: string; total: string }>;
  subtotal: string;
  taxRate: string;
  tax: string;
  total: string;
  notes: string | null;
  terms: string | null;
  payment: TemplatePayment | null;
  /**
   * Set when the invoice was voided: `lib.typ` stamps every page of every template with `label` and `note`
   * ("VOID", "Voided on 14 March 2025"). The owner's reason is not printed: it is their note for the History
   * tab, and the PDF goes to the customer.
   */
  voided?: TemplateVoid | null;
}

export interface TemplateVoid {
  label: string;
  note: string;
}

/** What a void invoice's stamp says, `voidedOn` being the day it was voided (yyyy-mm-dd, UTC). */
export function templateVoid(voidedOn: string, language = 'en'): TemplateVoid {
  const labels = catalogue(language).document;
  return { label: labels.void, note: `${labels.voidedOn} ${formatDate(voidedOn, language)}` };
}

interface TemplateParty {
  name: string;
  companyName: string;
  email: string;
  address: string[];
  vatId: string | null;
}

type TemplatePayment =
  | {
      type: 'bank_transfer';
      name: string;
      bankName: string | null;
      iban: string | null;
      swift: string | null;
      accountNumber: string | null;
      reference: string;
    }
  | { type: 'digital'; name: string; link: string; instructions: string | null };

/** The labels a template prints (`L` in lib.typ), in the document's language (contracts' i18n catalogues). */
export type TemplateLabels = ReturnType<typeof documentLabels>;

/** An invoice's labels, or a credit note's (its title, number and amount credited), in `language`. */
export function documentLabels(language: string, kind: 'invoice' | 'creditNote' | 'quote' = 'invoice') {
  const words = catalogue(language).document;
  const labels = { ...words };
  if (kind === 'creditNote') {
    // A credit note prints in its invoice's template with the invoice's words changed where it differs: its
    // title and number, the invoice it corrects where an invoice has its due date, the amount credited.
    labels.invoice = words.creditNote;
    labels.number = words.creditNoteNumber;
    labels.dueDate = words.correctsInvoice;
    labels.amountDue = words.amountCredited;
  }
  if (kind === 'quote') {
    // A quote (issue 33): its title and number, 'Valid until' where an invoice has its due date, its total rather
    // than an amount due, and its customer 'Prepared for' rather than billed. It asks for no payment yet.
    labels.invoice = words.quote;
    labels.number = words.quoteNumber;
    labels.dueDate = words.validUntil;
    labels.amountDue = words.total;
    labels.billTo = words.quoteBillTo;
  }
  return labels;
}

export const englishLabels = documentLabels('en');

/** "Corrects invoice INV-0001 of 14 March 2025": what a credit note prints in its due date's place. */
export const correctsInvoice = (number: string, issueDate: string, language = 'en') =>
  fill(catalogue(language).phrases.correctsInvoiceOf, { number, date: formatDate(issueDate, language) });

export function toTemplateData(invoice: InvoiceDocument, logoPath: string | null): TemplateData {
  const { language } = invoice;
  const format = (amount: number) =>
    formatMoney(money(amount, invoice.currency), catalogue(language).locale.money);
  const seller = invoice.seller.companyName || invoice.seller.name;
  const labels = documentLabels(language);
  return {
    meta: {
      title: `${labels.invoice} ${invoice.number}`,
      author: seller,
      subject: fill(catalogue(language).phrases.documentSubject, {
        document: labels.invoice,
        number: invoice.number,
        seller,
        customer: invoice.customer.companyName || invoice.customer.name,
      }),
      language,
    },
    labels,
    number: invoice.number,
    issueDate: formatDate(invoice.issueDate, language),
    dueDate: formatDate(invoice.dueDate, language),
    currency: invoice.currency,
    logo: logoPath,
    seller: toParty(invoice.seller),
    customer: toParty(invoice.customer),
    items: invoice.items.map((item, index) => ({
      position: String(index + 1),
      description: item.description,
      quantity: formatDocumentDecimal(item.quantity, 0, language),
      unitPrice: format(item.unitPrice),
      total: format(item.total),
    })),
    subtotal: format(invoice.subtotal),
    taxRate: formatRate(invoice.taxRate, language),
    tax: format(invoice.tax),
    total: format(invoice.total),
    notes: invoice.notes?.trim() || null,
    terms: invoice.terms?.trim() || null,
    payment: toPayment(invoice.paymentMethod),
  };
}

function toParty(party: InvoiceParty): TemplateParty {
  return {
    name: party.name,
    companyName: party.companyName,
    email: party.email,
    address: party.address
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
    vatId: party.vatId?.trim() || null,
  };
}

function toPayment(method: InvoiceDocument['paymentMethod']): TemplatePayment | null {
  if (!method) return null;
  if (method.type === 'digital') {
    return {
      type: 'digital',
      name: method.name,
      link: method.link,
      instructions: method.instructions || null,
    };
  }
  return {
    type: 'bank_transfer',
    name: method.name,
    bankName: method.bankName || null,
    iban: method.iban ? groupIban(method.iban) : null,
    swift: method.swift || null,
    accountNumber: method.accountNumber || null,
    reference: method.reference,
  };
}

/** "FR7630006000011234567890189" → "FR76 3000 6000 0112 3456 7890 189", the way banks print it. */
export function groupIban(iban: string): string {
  return iban
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * 2000 basis points → "20%", 1950 → "19.5%" (integer arithmetic, no float rounding); in German "19,5 %", in
 * French "20 %": the language's way of writing a percentage.
 */
export function formatRate(basisPoints: number, language = 'en'): string {
  if (language !== 'en') return formatDocumentRate(basisPoints, language);
  const whole = Math.trunc(basisPoints / 100);
  const fraction = String(Math.abs(basisPoints % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}%` : `${whole}%`;
}

/**
 * "2025-03-14" → "14 March 2025" (unambiguous in every country, unlike 03/14/2025), "14. März 2025",
 * "14 mars 2025", "14 de marzo de 2025": the document language's long date.
 */
export function formatDate(isoDate: string, language = 'en'): string {
  return formatDocumentDate(isoDate, language);
}
