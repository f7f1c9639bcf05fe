import type { InvoiceContent, InvoicePartySnapshot } from '../events/invoice-content-v1.js';
import { DEFAULT_UNIT } from './codes.js';
import type {
  EInvoice,
  EInvoiceCustomer,
  EInvoicePaymentMethod,
  EInvoiceSeller,
  PostalAddress,
} from './model.js';
import { wholeQuantity } from './quantity.js';

/**
 * Today's invoice content (v1, `invoiceContentSchema`) as the e-invoice model: the mapping the upcaster of
 * InvoiceIssued/InvoiceRevised v1 → v2 will use, so every invoice ever written still renders. It adds nothing the
 * seller did not say:
 * - the free-text address stays as written, one address line per line of text (a third line takes the rest);
 *   post code, city and region are empty and the country is unknown (null), so readiness asks for them;
 * - quantities are whole pieces: unit C62, the count × 10,000 ten-thousandths;
 * - VAT: a rate above 0 is standard-rated (S) at that rate. A rate of 0 leaves the category unknown (null):
 *   zero rated, exempt, reverse charge and not subject are different legal statements, and the invoice never made
 *   one, so readiness asks rather than print a guess;
 * - no delivery date (readiness asks), no phone, tax number or buyer reference; electronic addresses default to the
 *   e-mail (null); the customer is a business (v1 asked every customer for a company name);
 * - payment terms empty (the due date is spelled out), notes and terms as they were.
 * Amounts need no conversion: v1 lines are quantity × price exactly, and v1 tax is one rounding of the subtotal,
 * which is what computeEInvoiceTotals gives for a single category and rate.
 */
export function eInvoiceFromV1(content: InvoiceContent): EInvoice {
  return {
    typeCode: '380',
    precedingInvoice: null,
    // Invoices before issue 30 were printed in English.
    language: 'en',
    number: content.number,
    issueDate: content.issueDate,
    dueDate: content.dueDate,
    currency: content.currency as EInvoice['currency'],
    seller: sellerFromV1(content.seller),
    customer: customerFromV1(content.customer),
    items: content.items.map((item) => ({
      description: item.description,
      quantity: wholeQuantity(item.quantity),
      unit: DEFAULT_UNIT,
      unitPrice: item.unitPrice,
      vat: null,
    })),
    vat:
      content.taxRate > 0
        ? { category: 'S', rate: content.taxRate, exemption: null }
        : { category: null, rate: 0, exemption: null },
    delivery: null,
    paymentMethod: paymentMethodFromV1(content.paymentMethod),
    paymentTerms: '',
    notes: content.notes,
    terms: content.terms,
  };
}

/** A free-text address as structured lines; nothing is parsed out of it (a guess would be wrong somewhere). */
export function addressFromText(text: string): PostalAddress {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const kept = lines.length > 3 ? [...lines.slice(0, 2), lines.slice(2).join(', ')] : lines;
  return { lines: kept.map((line) => line.slice(0, 100)), postCode: '', city: '', region: '', country: null };
}

function sellerFromV1(party: InvoicePartySnapshot): EInvoiceSeller {
  return {
    name: party.name,
    companyName: party.companyName,
    email: party.email,
    phone: '',
    address: addressFromText(party.address),
    vatId: normaliseVatId(party.vatId),
    taxNumber: null,
    electronicAddress: null,
  };
}

function customerFromV1(party: InvoicePartySnapshot): EInvoiceCustomer {
  return {
    type: 'business',
    name: party.name,
    companyName: party.companyName,
    email: party.email,
    phone: '',
    address: addressFromText(party.address),
    vatId: normaliseVatId(party.vatId),
    buyerReference: null,
    electronicAddress: null,
  };
}

/** Kept as written (the PDF prints it so); the XML sends its bare form, and readiness checks that form. */
function normaliseVatId(vatId: string | null): string | null {
  return vatId?.trim() || null;
}

export function paymentMethodFromV1(method: InvoiceContent['paymentMethod']): EInvoicePaymentMethod | null {
  if (!method) return null;
  if (method.type === 'digital') {
    return {
      type: 'digital',
      name: method.name,
      link: method.paymentLink ?? '',
      instructions: method.instructions ?? '',
    };
  }
  return {
    type: 'bank_transfer',
    name: method.name,
    bankName: method.bankName ?? '',
    iban: method.iban ?? '',
    bic: method.swift ?? '',
    accountNumber: method.accountNumber ?? '',
  };
}
