import type { InvoiceContent } from './events/invoices.js';
import { invoiceAmounts } from './invoice-amounts.js';
import type { InvoiceForm } from './invoice-form.js';

/**
 * The content an invoice records, from a validated form (DESIGN §3): every total recomputed in minor units,
 * the parties snapshotted as typed. The command side issues it; the query side previews an unsaved form
 * with it, so the preview and the issued invoice cannot differ.
 */
export function invoiceContentFrom(
  form: InvoiceForm,
  parts: Pick<InvoiceContent, 'logo' | 'paymentMethod' | 'template'>,
): InvoiceContent {
  const amounts = invoiceAmounts(form);
  return {
    number: form.invoiceNumber,
    issueDate: form.issueDate,
    dueDate: form.dueDate,
    currency: amounts.currency,
    taxRate: amounts.taxRate,
    items: amounts.items,
    subtotal: amounts.subtotal,
    tax: amounts.tax,
    total: amounts.total,
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
  };
}
