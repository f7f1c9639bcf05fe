import { DEFAULT_UNIT } from './einvoice/codes.js';
import type { EInvoiceDetailsInput } from './einvoice/details.js';
import type { PostalAddress, VatTreatment } from './einvoice/model.js';
import { formatQuantity } from './einvoice/quantity.js';
import type { InvoiceRecord } from './events/invoices.js';
import { basisPointsToPercent } from './invoice-amounts.js';
import type { InvoiceSubmitInput } from './invoice-form.js';
import { money, toDecimalString } from './money.js';

/**
 * The submit payload that states a recorded invoice (issue 27): what the wizard opens to edit it, and what a
 * duplicate starts from. `invoiceContentFrom` of this payload (with the same template, logo and payment method)
 * gives the same content back: prices as decimals in the currency, quantities by their unit, the e-invoice
 * details the model carries (structured addresses, phones, VAT category, delivery, payment terms).
 */
export function invoiceSubmitFrom(record: InvoiceRecord): InvoiceSubmitInput {
  const model = record.eInvoice;
  const price = (minor: number) => toDecimalString(money(minor, record.currency));
  return {
    userName: record.seller.name,
    userEmail: record.seller.email,
    userAddress: record.seller.address,
    userCompanyName: record.seller.companyName,
    userCompanyVAT: record.seller.vatId ?? '',
    customerName: record.customer.name,
    customerEmail: record.customer.email,
    customerAddress: record.customer.address,
    customerCompanyName: record.customer.companyName,
    customerCompanyVAT: record.customer.vatId ?? '',
    invoiceNumber: record.number,
    currency: record.currency,
    taxRate: basisPointsToPercent(record.taxRate),
    issueDate: record.issueDate,
    dueDate: record.dueDate,
    language: model.language,
    items: model.items.map((line) => ({
      description: line.description,
      quantity:
        line.unit === DEFAULT_UNIT ? Number(formatQuantity(line.quantity)) : formatQuantity(line.quantity),
      unitPrice: price(line.unitPrice),
      ...(line.unit === DEFAULT_UNIT ? {} : { unit: line.unit }),
      ...(line.vat?.category ? { vat: lineVatOf(line.vat) } : {}),
    })),
    notes: record.notes,
    termsAndConditions: record.terms,
    paymentMethodId: record.paymentMethod?.id ?? null,
    eInvoice: detailsOf(record),
    templateId: record.template.id,
    templateName: record.template.name,
    templateComponentName: record.template.componentName,
    status: 'Draft',
  };
}

const addressInput = (address: PostalAddress) => ({
  lines: address.lines,
  postCode: address.postCode,
  city: address.city,
  region: address.region,
  country: address.country,
});

const exemptionOf = (vat: VatTreatment) =>
  vat.exemption ? { code: vat.exemption.code, text: vat.exemption.text } : null;

function lineVatOf(vat: VatTreatment) {
  return { category: vat.category ?? 'S', rate: vat.rate, exemption: exemptionOf(vat) };
}

function detailsOf(record: InvoiceRecord): EInvoiceDetailsInput {
  const { seller, customer, vat, delivery, paymentTerms } = record.eInvoice;
  return {
    seller: {
      address: addressInput(seller.address),
      phone: seller.phone,
      taxNumber: seller.taxNumber ?? '',
      electronicAddress: seller.electronicAddress,
    },
    customer: {
      type: customer.type,
      address: addressInput(customer.address),
      phone: customer.phone,
      buyerReference: customer.buyerReference,
      electronicAddress: customer.electronicAddress,
    },
    ...(vat.category ? { vat: { category: vat.category, exemption: exemptionOf(vat) } } : {}),
    delivery,
    paymentTerms,
  };
}
