import {
  type InvoiceEditFormAnswer,
  type InvoiceSubmitInput,
  invoiceCommandAnswerSchema,
  invoiceEditFormAnswerSchema,
} from '@remit/contracts';
import { request } from './client';

/** docs/api.md, Invoices (issue 27): open an invoice to edit it, save the edit, record the owner's download. */

export type InvoiceEditForm = Omit<InvoiceEditFormAnswer, 'form'> & { form: InvoiceSubmitInput };

/** `GET /invoices/{id}/form`: the submit payload that states the invoice, its revision and whether it is final. */
export async function fetchInvoiceForm(id: string, signal?: AbortSignal): Promise<InvoiceEditForm> {
  const answer = await request('GET', `/invoices/${encodeURIComponent(id)}/form`, {
    schema: invoiceEditFormAnswerSchema,
    signal,
  });
  // The server made it with invoiceSubmitFrom; the PUT it goes back in is checked with the submit schema.
  return { ...answer, form: answer.form as InvoiceSubmitInput };
}

/** `PUT /invoices/{id}` made on `revision` (If-Match): the new revision, or 409 `invoice_changed` / `invoice_final`. */
export async function saveInvoiceEdit(
  id: string,
  invoice: InvoiceSubmitInput,
  revision: number,
  idempotencyKey: string,
): Promise<{ revision: number }> {
  const answer = await request('PUT', `/invoices/${encodeURIComponent(id)}`, {
    body: invoice,
    ifMatch: `"${revision}"`,
    idempotencyKey,
    schema: invoiceCommandAnswerSchema.pick({ revision: true }),
  });
  return { revision: answer.revision ?? revision + 1 };
}
