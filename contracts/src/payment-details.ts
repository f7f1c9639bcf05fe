import type { InvoiceContent } from './events/invoices.js';
import { type Catalogue, en } from './i18n/en.js';
import { groupIban } from './payment-methods.js';

/** How a customer pays an invoice; the reference is the invoice number. */
export interface PaymentDetails {
  type: 'bank_transfer' | 'digital';
  name: string;
  bankName: string;
  iban: string;
  swift: string;
  accountNumber: string;
  paymentLink: string;
  instructions: string;
  reference: string;
}

/** The invoice's payment details, or null when it names no payment method. */
export function paymentDetailsOf(
  content: Pick<InvoiceContent, 'number' | 'paymentMethod'>,
): PaymentDetails | null {
  const method = content.paymentMethod;
  if (!method) return null;
  return {
    type: method.type,
    name: method.name,
    bankName: method.bankName ?? '',
    iban: method.iban ?? '',
    swift: method.swift ?? '',
    accountNumber: method.accountNumber ?? '',
    paymentLink: method.paymentLink ?? '',
    instructions: method.instructions ?? '',
    reference: content.number,
  };
}

/**
 * The one rule for showing payment details (the customer page and the sent e-mail): labelled lines in this
 * order, the IBAN in groups of four, an account number only without an IBAN, a digital method's link, and
 * always the reference. Empty values are left out; the free-text instructions follow the lines.
 */
export function paymentDetailLines(
  details: PaymentDetails,
  /** The labels in the document's language (the catalogue's `page`); English unless given. */
  labels: Pick<Catalogue['page'], 'bank' | 'iban' | 'bic' | 'account' | 'reference' | 'payOnline'> = en.page,
): { label: string; value: string }[] {
  const lines =
    details.type === 'digital'
      ? [{ label: labels.payOnline, value: details.paymentLink }]
      : [
          { label: labels.bank, value: details.bankName },
          { label: labels.iban, value: details.iban ? groupIban(details.iban) : '' },
          { label: labels.bic, value: details.swift },
          { label: labels.account, value: details.iban ? '' : details.accountNumber },
        ];
  return [...lines, { label: labels.reference, value: details.reference }].filter((line) => line.value);
}

/**
 * The e-mails' "How to pay" (the invoice as sent, its reminders): the lines above in the mail's language, then the
 * owner's instructions; an invoice with no payment method still names its reference.
 */
export function paymentDetailRows(
  content: Pick<InvoiceContent, 'number' | 'paymentMethod'>,
  words: Pick<Catalogue, 'page' | 'mail'> = en,
): [label: string, value: string][] {
  const details = paymentDetailsOf(content);
  if (!details) return [[words.page.reference, content.number]];
  return [
    ...paymentDetailLines(details, words.page).map(({ label, value }): [string, string] => [label, value]),
    ...(details.instructions ? [[words.mail.instructions, details.instructions] as [string, string]] : []),
  ];
}
