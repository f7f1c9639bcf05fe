import type { Client } from '@remit/contracts';
import { clientToWizardFields } from '../clients/toWizard';
import { withAddressEntry } from './addressBinding';
import { getPath, setPath } from './formPaths';
import type { WizardForm } from './wizardMachine';

/**
 * Step 1 with a client picked (issue 29, item 3): every customer field, the address entry, the e-invoice customer
 * details and VAT category, and the client's defaults — the due date from its payment terms, its currency, its
 * VAT rate and its document language.
 */
export function withClient(form: WizardForm, client: Client): WizardForm {
  const fields = clientToWizardFields(client, form.issueDate);
  let next: WizardForm = {
    ...form,
    customerName: fields.customerName,
    customerEmail: fields.customerEmail,
    customerCompanyName: fields.customerCompanyName,
    customerCompanyVAT: fields.customerCompanyVAT,
    ...(fields.dueDate ? { dueDate: fields.dueDate } : {}),
    ...(fields.currency ? { currency: fields.currency } : {}),
    ...(fields.taxRate !== undefined ? { taxRate: fields.taxRate } : {}),
    // The client's document language (issue 30): the invoice, its mails and its page are written in it.
    language: client.language,
  };
  const { address: _address, ...customer } = fields.eInvoiceCustomer;
  for (const [key, value] of Object.entries(customer)) {
    next = setPath(next, `eInvoice.customer.${key}`, value ?? '');
  }
  if (client.vatCategory && getPath(next, 'eInvoice.vat.category') !== client.vatCategory) {
    next = setPath(next, 'eInvoice.vat', { category: client.vatCategory, exemption: null });
  }
  return withAddressEntry(next, 'customer', client.address);
}
