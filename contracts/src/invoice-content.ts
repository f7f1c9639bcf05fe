import { DEFAULT_UNIT } from './einvoice/codes.js';
import type { EInvoiceDetails, PostalAddressInput } from './einvoice/details.js';
import { addressFromText, paymentMethodFromV1 } from './einvoice/from-v1.js';
import type { EInvoice, PostalAddress, VatTreatment } from './einvoice/model.js';
import { computeEInvoiceTotals } from './einvoice/totals.js';
import type { InvoiceContent, InvoiceRecord } from './events/invoices.js';
import type { DocumentLanguage } from './i18n/languages.js';
import { priceToMinorUnits, taxRateToBasisPoints } from './invoice-amounts.js';
import type { InvoiceForm } from './invoice-form.js';

/** The company profile's e-invoice details (UserSettingsChanged v2), the seller's defaults on a new invoice. */
export interface SellerProfile {
  /** The profile's free-text address, which `postalAddress` describes. */
  companyAddress: string;
  postalAddress: PostalAddress;
  phone: string;
  taxNumber: string | null;
}

/** The seller's defaults on an invoice from the company profile (the newest UserSettingsChanged's data). */
export function sellerProfileFrom(
  settings: {
    companyAddress: string;
    companyPostalAddress: PostalAddress;
    companyPhone: string;
    companyTaxNumber: string | null;
  } | null,
): SellerProfile | null {
  if (!settings) return null;
  return {
    companyAddress: settings.companyAddress,
    postalAddress: settings.companyPostalAddress,
    phone: settings.companyPhone,
    taxNumber: settings.companyTaxNumber,
  };
}

/**
 * The content an invoice records, from a validated form (DESIGN §3): every total recomputed in minor units,
 * the parties snapshotted as typed. The command side issues it; the query side previews an unsaved form
 * with it, so the preview and the issued invoice cannot differ.
 *
 * The e-invoice model is built first and every amount comes from computeEInvoiceTotals, so the screen, the PDF
 * and the XML print the same figures. Absent e-invoice details take their defaults: the seller's structured
 * address, phone and tax number from the profile (when the form's address is the profile's), the delivery date is
 * the issue date, a rate above 0 is standard-rated, the customer is a business.
 */
export function invoiceContentFrom(
  form: InvoiceForm & { eInvoice?: EInvoiceDetails | undefined },
  parts: Pick<InvoiceContent, 'logo' | 'paymentMethod' | 'template'> & {
    seller?: SellerProfile | null;
    /** The owner's document language (issue 30): an invoice's unless the form names one. */
    language?: DocumentLanguage | null;
  },
): InvoiceRecord {
  const eInvoice = eInvoiceFromForm(form, parts);
  const totals = computeEInvoiceTotals(eInvoice);
  return {
    number: form.invoiceNumber,
    issueDate: form.issueDate,
    dueDate: form.dueDate,
    currency: form.currency,
    taxRate: eInvoice.vat.rate,
    items: form.items.map((item, index) => ({
      description: item.description,
      quantity: item.quantity,
      unitPrice: eInvoice.items[index]?.unitPrice ?? 0,
      total: totals.lineNet[index] ?? 0,
    })),
    subtotal: totals.taxBasisTotal,
    tax: totals.taxTotal,
    total: totals.grandTotal,
    seller: {
      name: form.userName,
      email: form.userEmail,
      address: form.userAddress,
      companyName: form.userCompanyName,
      vatId: form.userCompanyVAT,
    },
    customer: {
      name: form.customerName,
      email: form.customerEmail,
      address: form.customerAddress,
      companyName: form.customerCompanyName,
      vatId: form.customerCompanyVAT,
    },
    notes: form.notes,
    terms: form.termsAndConditions,
    logo: parts.logo,
    paymentMethod: parts.paymentMethod,
    template: parts.template,
    eInvoice,
  };
}

function eInvoiceFromForm(
  form: InvoiceForm & { eInvoice?: EInvoiceDetails | undefined },
  parts: Pick<InvoiceContent, 'paymentMethod'> & {
    seller?: SellerProfile | null;
    language?: DocumentLanguage | null;
  },
): EInvoice {
  const details = form.eInvoice;
  const rate = taxRateToBasisPoints(form.taxRate);
  const vat: VatTreatment = details?.vat
    ? { category: details.vat.category, rate, exemption: details.vat.exemption }
    : { category: rate > 0 ? 'S' : null, rate, exemption: null };
  const profile = parts.seller ?? null;
  const sameAddress = profile !== null && profile.companyAddress.trim() === form.userAddress.trim();
  const sellerDetails = details?.seller;
  const customerDetails = details?.customer;
  return {
    typeCode: '380',
    precedingInvoice: null,
    // The form's language (the client's, or chosen in the wizard or the API), else the owner's profile's.
    language: form.language ?? parts.language ?? 'en',
    number: form.invoiceNumber,
    issueDate: form.issueDate,
    dueDate: form.dueDate,
    currency: form.currency as EInvoice['currency'],
    seller: {
      name: form.userName,
      companyName: form.userCompanyName,
      email: form.userEmail,
      phone: sellerDetails?.phone ?? profile?.phone ?? '',
      address: withTypedLines(
        sellerDetails?.address
          ? postalAddress(sellerDetails.address)
          : sameAddress && profile
            ? profile.postalAddress
            : addressFromText(form.userAddress),
        form.userAddress,
      ),
      vatId: form.userCompanyVAT,
      taxNumber:
        sellerDetails?.taxNumber !== undefined
          ? sellerDetails.taxNumber || null
          : (profile?.taxNumber ?? null),
      electronicAddress: sellerDetails?.electronicAddress ?? null,
    },
    customer: {
      type: customerDetails?.type ?? 'business',
      name: form.customerName,
      companyName: form.customerCompanyName,
      email: form.customerEmail,
      phone: customerDetails?.phone ?? '',
      address: withTypedLines(
        customerDetails?.address
          ? postalAddress(customerDetails.address)
          : addressFromText(form.customerAddress),
        form.customerAddress,
      ),
      vatId: form.customerCompanyVAT,
      buyerReference: customerDetails?.buyerReference ?? null,
      electronicAddress: customerDetails?.electronicAddress ?? null,
    },
    items: form.items.map((item) => ({
      description: item.description,
      quantity: item.quantityUnits,
      unit: item.unit ?? DEFAULT_UNIT,
      unitPrice: priceToMinorUnits(item.unitPrice, form.currency),
      vat: item.vat ?? null,
    })),
    vat,
    delivery: details?.delivery === undefined ? { kind: 'date', date: form.issueDate } : details.delivery,
    paymentMethod: paymentMethodFromV1(parts.paymentMethod),
    paymentTerms: details?.paymentTerms ?? '',
    notes: form.notes,
    terms: form.termsAndConditions,
  };
}

/** A structured address as the details section gives it (already trimmed, empty lines dropped). */
function postalAddress(input: PostalAddressInput): PostalAddress {
  return {
    lines: (input.lines ?? []).filter(Boolean),
    postCode: input.postCode ?? '',
    city: input.city ?? '',
    region: input.region ?? '',
    country: (input.country ?? null) as PostalAddress['country'],
  };
}

/**
 * A structured address that has no street lines takes the typed address's (issue 34, item 6): a country or a
 * city chosen in the e-invoice details never hides what the user typed, on the PDF or in the XML.
 */
export function withTypedLines(address: PostalAddress, typed: string): PostalAddress {
  if (address.lines.length > 0) return address;
  return { ...address, lines: addressFromText(typed).lines };
}

/** The e-invoice model with both parties' typed addresses kept (`withTypedLines`), as recorded or read back. */
export function withTypedAddresses(
  eInvoice: EInvoice,
  typed: { seller: { address: string }; customer: { address: string } },
): EInvoice {
  return {
    ...eInvoice,
    seller: { ...eInvoice.seller, address: withTypedLines(eInvoice.seller.address, typed.seller.address) },
    customer: {
      ...eInvoice.customer,
      address: withTypedLines(eInvoice.customer.address, typed.customer.address),
    },
  };
}
