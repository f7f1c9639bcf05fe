import {
  type Catalogue,
  catalogue,
  computeEInvoiceTotals,
  countryName,
  type EInvoice,
  type EInvoiceCustomer,
  type EInvoiceSeller,
  type EInvoiceTotals,
  epcQrForInvoice,
  fill,
  formatDocumentDecimal,
  formatMoney,
  formatQuantity,
  groupIban,
  labelled,
  money,
  QUANTITY_DECIMALS,
  type UnitCode,
} from '@remit/contracts';
import {
  correctsInvoice,
  documentLabels,
  formatDate,
  formatRate,
  type TemplateData,
} from '../pdf/template-data.js';
import { paymentQrSvg } from './payment-qr.js';

/**
 * What a template receives for an invoice of the e-invoice model: today's TemplateData plus `vatBreakdown`,
 * `delivery` and `paymentQr`, which every template draws (one totals line per rate, the delivery date or service
 * period beside the invoice's dates, the GiroCode with the payment details). Every figure comes from
 * computeEInvoiceTotals, the same numbers the XML carries. What the law wants on the page and no template has a
 * place for rides in places every template prints: exemption texts, the buyer reference and payment terms in the
 * notes and terms, phone and tax number under the seller's address.
 */
export interface EInvoiceTemplateData extends TemplateData {
  vatBreakdown: Array<{
    label: string;
    rate: string;
    taxable: string;
    tax: string;
    exemption: string | null;
  }>;
  delivery: { label: string; value: string } | null;
  /** The EPC QR code (GiroCode) as SVG for EUR invoices paid by SEPA transfer; null otherwise. */
  paymentQr: string | null;
}

export function eInvoiceTemplateData(
  invoice: EInvoice,
  logoPath: string | null,
  totals: EInvoiceTotals = computeEInvoiceTotals(invoice),
  /** A quote has no type code of its own (DESIGN §12): the caller says it is one. */
  kind: 'invoice' | 'quote' = 'invoice',
): EInvoiceTemplateData {
  const { language } = invoice;
  const words = catalogue(language);
  const format = (amount: number) => formatMoney(money(amount, invoice.currency), words.locale.money);
  const seller = invoice.seller.companyName || invoice.seller.name;
  const customer = invoice.customer.companyName || invoice.customer.name;
  const isCredit = invoice.typeCode === '381';
  const isQuote = kind === 'quote';
  const labels = documentLabels(language, isCredit ? 'creditNote' : isQuote ? 'quote' : 'invoice');
  const breakdown = totals.vatBreakdown.map((entry) => {
    const label = entry.category ? words.vatCategories[entry.category] : labels.vat;
    // A category other than standard prints its name ('Reverse charge'), never a bare 'Tax (0%)'; an invoice
    // that never said its category (v1, rate 0) prints its rate as before.
    const named = entry.category !== null && entry.category !== 'S' && entry.rate === 0;
    return {
      label,
      rate: named ? label : formatRate(entry.rate, language),
      taxable: format(entry.taxableAmount),
      tax: format(entry.taxAmount),
      exemption: entry.exemption?.text ?? null,
    };
  });
  const delivery = deliveryLine(invoice, words);
  // The VAT category's legal mention, exactly the exemption text the XML carries (legal-texts.ts).
  const exemptionNotes = [
    ...new Set(totals.vatBreakdown.flatMap((entry) => (entry.exemption ? [entry.exemption.text] : []))),
  ];
  const notes = [
    // A credit note's note is the reason it corrects the invoice: it leads.
    isCredit && invoice.notes.trim() ? labelled(labels.reason, invoice.notes.trim(), language) : '',
    ...exemptionNotes,
    invoice.customer.buyerReference
      ? labelled(labels.buyerReference, invoice.customer.buyerReference, language)
      : '',
    isCredit ? '' : invoice.notes.trim(),
  ].filter(Boolean);
  // A credit note asks for no payment: no payment details, no code to scan (its XML keeps the means, BR-DE-1).
  const corrected = isCredit ? invoice.precedingInvoice : null;
  // A quote asks for no payment yet either.
  const method = isCredit || isQuote ? null : invoice.paymentMethod;
  const qrPayload = isCredit || isQuote ? null : epcQrForInvoice(invoice, totals.amountDue);
  return printable({
    meta: {
      title: `${labels.invoice} ${invoice.number}`,
      author: seller,
      subject: fill(words.phrases.documentSubject, {
        document: labels.invoice,
        number: invoice.number,
        seller,
        customer,
      }),
      language,
    },
    labels,
    number: invoice.number,
    issueDate: formatDate(invoice.issueDate, language),
    dueDate: corrected
      ? correctsInvoice(corrected.number, corrected.issueDate, language)
      : formatDate(invoice.dueDate, language),
    currency: invoice.currency,
    logo: logoPath,
    seller: party(invoice.seller, language, words, {
      phone: invoice.seller.phone,
      taxNumber: invoice.seller.taxNumber,
    }),
    customer: party(invoice.customer, language, words),
    items: invoice.items.map((line, index) => ({
      position: String(index + 1),
      description: line.description,
      quantity: quantityText(line.quantity, line.unit, language, words),
      unitPrice: format(line.unitPrice),
      total: format(totals.lineNet[index] ?? 0),
    })),
    subtotal: format(totals.taxBasisTotal),
    // One rate prints as today ("19%"); several print each rate with its base, so the page shows BG-23.
    taxRate:
      breakdown.length === 1
        ? (breakdown[0]?.rate ?? '')
        : breakdown.map((entry) => `${entry.rate} ${labels.vatOn} ${entry.taxable}: ${entry.tax}`).join('; '),
    tax: format(totals.taxTotal),
    total: format(totals.grandTotal),
    notes: notes.join('\n') || null,
    terms: [isQuote ? '' : invoice.paymentTerms, invoice.terms.trim()].filter(Boolean).join('\n') || null,
    payment:
      method === null
        ? null
        : method.type === 'digital'
          ? {
              type: 'digital',
              name: method.name,
              link: method.link,
              instructions: method.instructions || null,
            }
          : {
              type: 'bank_transfer',
              name: method.name,
              bankName: method.bankName || null,
              iban: method.iban ? groupIban(method.iban) : null,
              swift: method.bic || null,
              accountNumber: method.accountNumber || null,
              reference: invoice.number,
            },
    vatBreakdown: breakdown,
    delivery,
    paymentQr: qrPayload ? paymentQrSvg(qrPayload) : null,
  });
}

/**
 * Control characters (a pasted BEL, a form feed) have no glyph, and PDF/A refuses any text it cannot display:
 * one of them in a description would fail the whole Factur-X render. The page never showed them anyway.
 */
function printable<T>(value: T): T {
  if (typeof value === 'string') return stripControls(value) as T;
  if (Array.isArray(value)) return value.map(printable) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, printable(entry)])) as T;
  }
  return value;
}

function stripControls(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const isControl = (code < 0x20 && code !== 0x0a && code !== 0x09) || (code >= 0x7f && code <= 0x9f);
    if (!isControl) out += char;
  }
  return out;
}

/** "2,5 Stunden", "3 pièces": the quantity in the language's numbers, with its unit unless it is pieces. */
function quantityText(quantity: number, unitCode: string, language: string, words: Catalogue): string {
  const text =
    language === 'en'
      ? formatQuantity(quantity)
      : formatDocumentDecimal(quantity, QUANTITY_DECIMALS, language);
  if (unitCode === 'C62') return text;
  const unit = words.units[unitCode as UnitCode];
  if (!unit) return `${text} ${unitCode}`;
  return `${text} ${quantity === 10_000 ? unit[0] : unit[1]}`;
}

function deliveryLine(invoice: EInvoice, words: Catalogue): EInvoiceTemplateData['delivery'] {
  const delivery = invoice.delivery;
  if (!delivery) return null;
  const date = (iso: string) => formatDate(iso, invoice.language);
  if (delivery.kind === 'date') return { label: words.document.deliveryDate, value: date(delivery.date) };
  return { label: words.document.servicePeriod, value: `${date(delivery.start)} – ${date(delivery.end)}` };
}

/** The country's name in the document's language ("Deutschland", "Allemagne"); English as the list names it. */
function countryIn(code: string, language: string): string {
  if (language === 'en') return countryName(code) ?? code;
  try {
    return new Intl.DisplayNames([catalogue(language).locale.date], { type: 'region' }).of(code) ?? code;
  } catch {
    return countryName(code) ?? code;
  }
}

function party(
  who: EInvoiceSeller | EInvoiceCustomer,
  language: string,
  words: Catalogue,
  extra: { phone?: string; taxNumber?: string | null } = {},
): TemplateData['seller'] {
  const { address } = who;
  const cityLine = [address.postCode, address.city].filter(Boolean).join(' ');
  const country = address.country ? countryIn(address.country, language) : '';
  return {
    name: who.name,
    companyName: who.companyName,
    email: who.email,
    address: [
      ...address.lines,
      cityLine,
      address.region,
      country,
      extra.phone ? `${words.document.phone} ${extra.phone}` : '',
      extra.taxNumber ? `${words.document.taxNumber} ${extra.taxNumber}` : '',
    ].filter(Boolean),
    vatId: who.vatId?.trim() || null,
  };
}
