import { formatMoney, type InvoiceDocument, type InvoiceParty, money } from '@remit/contracts';

/**
 * What a template receives as JSON (the virtual file `/__invoice__.json`): strings ready to print. Money is
 * formatted here with the currency's symbol and decimals, dates are spelled out, the IBAN is grouped, so
 * templates never compute.
 */
export interface TemplateData {
  meta: { title: string; author: string; subject: string; language: string };
  labels: typeof englishLabels;
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
export function templateVoid(voidedOn: string): TemplateVoid {
  return { label: englishLabels.void, note: `${englishLabels.voidedOn} ${formatDate(voidedOn)}` };
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

export const englishLabels = {
  invoice: 'Invoice',
  number: 'Invoice number',
  issueDate: 'Issue date',
  dueDate: 'Due date',
  from: 'From',
  billTo: 'Bill to',
  vat: 'VAT',
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  amount: 'Amount',
  subtotal: 'Subtotal',
  tax: 'Tax',
  total: 'Total',
  amountDue: 'Amount due',
  notes: 'Notes',
  terms: 'Terms & conditions',
  payment: 'Payment details',
  bank: 'Bank',
  iban: 'IBAN',
  swift: 'SWIFT/BIC',
  accountNumber: 'Account number',
  reference: 'Reference',
  payOnline: 'Pay online',
  scanToPay: 'Scan with a banking app to pay',
  vatOn: 'on',
  page: 'Page',
  of: 'of',
  void: 'VOID',
  voidedOn: 'Voided on',
  reason: 'Reason',
};

/**
 * A credit note (381) prints in its invoice's template with the invoice's words changed where it differs: its
 * title and number, the invoice it corrects where an invoice has its due date, and the amount credited rather than
 * due. Its reason leads its notes.
 */
export const creditNoteLabels: typeof englishLabels = {
  ...englishLabels,
  invoice: 'Credit note',
  number: 'Credit note number',
  dueDate: 'Corrects invoice',
  amountDue: 'Amount credited',
};

/**
 * A quote (issue 33) prints in the same templates with its own words: its title and number, 'Valid until' where an
 * invoice has its due date, and its total rather than an amount due. It asks for no payment yet.
 */
export const quoteLabels: typeof englishLabels = {
  ...englishLabels,
  invoice: 'Quote',
  number: 'Quote number',
  dueDate: 'Valid until',
  amountDue: 'Total',
};

/** "Corrects invoice INV-0001 of 14 March 2025": what a credit note prints in its due date's place. */
export const correctsInvoice = (number: string, issueDate: string) => `${number} of ${formatDate(issueDate)}`;

export function toTemplateData(invoice: InvoiceDocument, logoPath: string | null): TemplateData {
  const format = (amount: number) => formatMoney(money(amount, invoice.currency));
  const seller = invoice.seller.companyName || invoice.seller.name;
  return {
    meta: {
      title: `Invoice ${invoice.number}`,
      author: seller,
      subject: `Invoice ${invoice.number} from ${seller} to ${invoice.customer.companyName || invoice.customer.name}`,
      language: invoice.language,
    },
    labels: englishLabels,
    number: invoice.number,
    issueDate: formatDate(invoice.issueDate),
    dueDate: formatDate(invoice.dueDate),
    currency: invoice.currency,
    logo: logoPath,
    seller: toParty(invoice.seller),
    customer: toParty(invoice.customer),
    items: invoice.items.map((item, index) => ({
      position: String(index + 1),
      description: item.description,
      quantity: item.quantity.toLocaleString('en-US'),
      unitPrice: format(item.unitPrice),
      total: format(item.total),
    })),
    subtotal: format(invoice.subtotal),
    taxRate: formatRate(invoice.taxRate),
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

/** 2000 basis points → "20%", 1950 → "19.5%", 725 → "7.25%" (integer arithmetic, no float rounding). */
export function formatRate(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const fraction = String(Math.abs(basisPoints % 100))
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}%` : `${whole}%`;
}

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "2025-03-14" → "14 March 2025": unambiguous in every country, unlike 03/14/2025. */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${day} ${months[(month ?? 1) - 1]} ${year}`;
}
