import { type EInvoiceDownloadFormat, invoiceDownloadAnswerSchema } from '@remit/contracts';
import { request, requestRaw } from './client';

/**
 * An invoice's files, downloaded from the dashboard's list: apart from the invoice's other answers, so the
 * list's first screen does not load their schemas.
 */
export async function fetchInvoicePdf(id: string): Promise<Blob> {
  const response = await requestRaw('GET', `/invoices/${encodeURIComponent(id)}/pdf`);
  return response.blob();
}

/** `GET /invoices/{id}/einvoice?format=…`: the XML and the file name the server gives it. */
export async function fetchInvoiceXml(
  id: string,
  format: EInvoiceDownloadFormat,
): Promise<{ blob: Blob; fileName: string }> {
  const response = await requestRaw('GET', `/invoices/${encodeURIComponent(id)}/einvoice?format=${format}`);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `invoice-${id}-${format}.xml`;
  return { blob: await response.blob(), fileName };
}

/** `POST /invoices/{id}/downloads`: the owner is about to download it; from then on it is final. */
export function recordInvoiceDownload(id: string, format: 'pdf' | 'einvoice', idempotencyKey: string) {
  return request('POST', `/invoices/${encodeURIComponent(id)}/downloads`, {
    body: { format },
    idempotencyKey,
    schema: invoiceDownloadAnswerSchema,
  });
}
