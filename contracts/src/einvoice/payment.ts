import { catalogue, fill, formatDocumentDate } from '../i18n/index.js';
import { type PaymentMeansCode, paymentMeansCodes } from './codes.js';
import type { EInvoice } from './model.js';

/** BG-16: how the invoice is paid, as EN 16931 codes it. Derived from the payment method, never chosen twice. */
export type PaymentMeans =
  | {
      code: Extract<PaymentMeansCode, '58' | '30'>;
      /** BT-82 */
      text: string;
      /** BT-84: the IBAN (58) or another account number (30). */
      account: string;
      /** BT-85 */
      accountName: string;
      /** BT-86 */
      bic: string;
    }
  | { code: Extract<PaymentMeansCode, '68'>; text: string; link: string };

/**
 * 58 (SEPA credit transfer) for an IBAN on a EUR invoice, 30 (credit transfer) for an IBAN in another currency or
 * a plain account number, 68 (online payment service) for a payment link. A link is not coded as a card payment
 * (48/54): XRechnung then demands the card's number (BR-DE-24), which the seller never has. Null when there is no
 * method, or a bank transfer with no account to pay into (readiness says so).
 */
export function paymentMeansFor(
  invoice: Pick<EInvoice, 'paymentMethod' | 'currency' | 'seller'>,
): PaymentMeans | null {
  const method = invoice.paymentMethod;
  if (!method) return null;
  if (method.type === 'digital') {
    return method.link
      ? { code: paymentMeansCodes.onlinePaymentService, text: method.name, link: method.link }
      : null;
  }
  const iban = method.iban.replace(/\s+/g, '').toUpperCase();
  const account = iban || method.accountNumber.trim();
  if (!account) return null;
  const code =
    iban && invoice.currency === 'EUR'
      ? paymentMeansCodes.sepaCreditTransfer
      : paymentMeansCodes.creditTransfer;
  return {
    code,
    text: code === '58' ? 'SEPA credit transfer' : 'Credit transfer',
    account,
    accountName: invoice.seller.companyName || invoice.seller.name,
    bic: method.bic.replace(/\s+/g, '').toUpperCase(),
  };
}

/** BT-20 as printed and sent: the seller's own terms, or the due date spelled out. */
export function paymentTermsText(
  invoice: Pick<EInvoice, 'paymentTerms' | 'dueDate'> & { language?: string },
): string {
  if (invoice.paymentTerms) return invoice.paymentTerms;
  // English as it always was; another language says it in its own words and dates (issue 30).
  if (!invoice.language || invoice.language === 'en') return `Payment due by ${invoice.dueDate}`;
  return fill(catalogue(invoice.language).phrases.paymentDueBy, {
    date: formatDocumentDate(invoice.dueDate, invoice.language),
  });
}
