import {
  addDays,
  addressLine,
  type Client,
  type eInvoiceCustomerInputSchema,
  type InvoiceFormInput,
  type Item,
  postalAddressOfEntry,
  sanitize,
  type VatCategory,
} from '@remit/contracts';
import type { z } from 'zod';
import { clientTitle } from './clientTitle';

/**
 * What a client and a catalogue item put into the invoice wizard (issue 29, item 3), for the step that wires
 * them in: `clientToWizardFields(client, issueDate)` fills the spec's customer fields, the e-invoice customer
 * details and, from the payment terms, the due date; `itemToWizardLine(item, currency)` makes a line or says why
 * it cannot. Texts pass the wizard's own sanitisers, so what they fill is what typing would have kept.
 */

export type WizardCustomerFields = Pick<
  InvoiceFormInput,
  'customerName' | 'customerEmail' | 'customerCompanyName' | 'customerCompanyVAT' | 'customerAddress'
> & {
  /** `eInvoice.customer` of the form. */
  eInvoiceCustomer: z.input<typeof eInvoiceCustomerInputSchema>;
  /** Present when the client has payment terms: the issue date plus those days. */
  dueDate?: string;
  /** The client's default currency, when it has one. */
  currency?: string;
  /** The client's default VAT rate in percent, when it has one. */
  taxRate?: number;
};

export function clientToWizardFields(client: Client, issueDate: string): WizardCustomerFields {
  const contact = client.contactName || client.companyName;
  const fields: WizardCustomerFields = {
    customerName: sanitize.personName(contact).trim(),
    customerEmail: client.email,
    customerCompanyName: sanitize.companyName(clientTitle(client)).trim(),
    customerCompanyVAT: client.vatId,
    customerAddress: sanitize.address(addressLine(client.address)).trim(),
    eInvoiceCustomer: {
      type: client.type,
      address: postalAddressOfEntry(client.address),
      buyerReference: client.buyerReference,
      electronicAddress: client.electronicAddress,
    },
  };
  if (client.paymentTermsDays !== null) fields.dueDate = addDays(issueDate, client.paymentTermsDays);
  if (client.currency) fields.currency = client.currency;
  if (client.vatRate !== null) fields.taxRate = client.vatRate / 100;
  return fields;
}

/** A wizard line, as `ItemsEditor` holds one. */
export interface WizardLine {
  description: string;
  quantity: string;
  unitPrice: string;
  unit: string;
  vat: { category: VatCategory; rate: number; exemption: null } | null;
}

export type LineFromItem = { ok: true; line: WizardLine } | { ok: false; message: string };

/**
 * A line priced from the catalogue. An item priced in another currency than the invoice's is refused with a
 * message, never converted (issue 29: 'never converted silently').
 */
export function itemToWizardLine(item: Item, invoiceCurrency: string): LineFromItem {
  if (item.currency !== invoiceCurrency) {
    return {
      ok: false,
      message: `${item.name} is priced in ${item.currency}; this invoice is in ${invoiceCurrency}. Change the invoice's currency or the item's price.`,
    };
  }
  const vat =
    item.vatCategory && item.vatRate !== null
      ? { category: item.vatCategory as VatCategory, rate: item.vatRate, exemption: null }
      : null;
  return {
    ok: true,
    line: {
      description: sanitize.description(item.description || item.name).trim(),
      quantity: '1',
      unitPrice: item.price,
      unit: item.unit,
      vat,
    },
  };
}
