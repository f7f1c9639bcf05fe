import {
  bareVatId,
  computeEInvoiceTotals,
  type EInvoice,
  type EInvoiceTotals,
  formatQuantity,
  lineVat,
  type PaymentMeans,
  type PostalAddress,
  paymentMeansFor,
  paymentTermsText,
  toDecimalString,
  type VatTreatment,
} from '@remit/contracts';

/** The e-invoice formats Remit writes; `facturx` is the CII embedded in the Factur-X PDF (EN 16931 profile). */
export const eInvoiceXmlFormats = ['cii', 'ubl', 'xrechnung-cii', 'xrechnung-ubl', 'facturx'] as const;
export type EInvoiceXmlFormat = (typeof eInvoiceXmlFormats)[number];

export const EN16931_ID = 'urn:cen.eu:en16931:2017';
export const XRECHNUNG_ID = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
export const PEPPOL_PROCESS_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/** Everything both syntaxes print, derived once from the model: the same figures in CII, UBL and on the PDF. */
export interface PreparedInvoice {
  invoice: EInvoice;
  totals: EInvoiceTotals;
  amount: (minor: number) => string;
  quantity: (units: number) => string;
  lineVat: (index: number) => VatTreatment;
  /** Not subject to VAT: the rules forbid VAT ids and rates on such an invoice (BR-O-02 … BR-O-05). */
  notSubjectToVat: boolean;
  sellerName: string;
  buyerName: string;
  sellerVatId: string | null;
  buyerVatId: string | null;
  sellerEndpoint: string;
  buyerEndpoint: string;
  /**
   * Deliver-to address (BG-15): intra-community supplies must state its country (BR-IC-12), and XRechnung wants
   * city and post code with any address it is given (BR-DE-10/11). It is the buyer's, as a whole.
   */
  deliverTo: PostalAddress | null;
  /**
   * The actual delivery date (BT-72): the delivery date given, or the end of the service period (a continuous
   * service is supplied when its period ends), so the delivery group is never empty (PEPPOL-EN16931-R008).
   */
  deliveryDate: string | null;
  paymentMeans: PaymentMeans | null;
  paymentTerms: string;
  note: string;
}

export function prepare(invoice: EInvoice): PreparedInvoice {
  const totals = computeEInvoiceTotals(invoice);
  const categories = new Set(totals.vatBreakdown.map((entry) => entry.category));
  const notSubjectToVat = categories.has('O');
  const vatId = (value: string | null) => (value && !notSubjectToVat ? bareVatId(value) : null);
  return {
    invoice,
    totals,
    amount: (minor) => toDecimalString({ amount: minor, currency: invoice.currency }),
    quantity: formatQuantity,
    lineVat: (index) => {
      const line = invoice.items[index];
      if (!line) throw new RangeError(`No line ${index}`);
      return lineVat(invoice, line);
    },
    notSubjectToVat,
    sellerName: invoice.seller.companyName || invoice.seller.name,
    buyerName: invoice.customer.companyName || invoice.customer.name,
    sellerVatId: vatId(invoice.seller.vatId),
    buyerVatId: vatId(invoice.customer.vatId),
    sellerEndpoint: invoice.seller.electronicAddress || invoice.seller.email,
    buyerEndpoint: invoice.customer.electronicAddress || invoice.customer.email,
    deliverTo: categories.has('K') ? invoice.customer.address : null,
    deliveryDate: deliveryDateOf(invoice),
    paymentMeans: paymentMeansFor(invoice),
    paymentTerms: paymentTermsText(invoice),
    note: [invoice.notes.trim(), invoice.terms.trim()].filter(Boolean).join('\n\n'),
  };
}

function deliveryDateOf(invoice: EInvoice): string | null {
  const delivery = invoice.delivery;
  if (!delivery) return null;
  return delivery.kind === 'date' ? delivery.date : delivery.end;
}

/** Basis points as the XML's percentage: 1900 → "19", 750 → "7.5", 725 → "7.25". */
export function percent(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const fraction = String(basisPoints % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** "2025-03-14" → "20250314" (CII's format 102). */
export function compactDate(isoDate: string): string {
  return isoDate.replaceAll('-', '');
}
