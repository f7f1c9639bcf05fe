import { type InvoiceRecord, withTypedAddresses } from '@remit/contracts';
import type { EventStore } from '@remit/eventstore';
import { logoDataUrl, templateIdFor } from '../invoices/document.js';
import { renderInvoicePdf } from '../pdf/render.js';
import { renderFailure } from '../pdf/render-failure.js';

/** The quote's PDF in its template, with the quote's words ('Quote', 'Valid until'); never an e-invoice. */
export async function renderQuotePdf(store: EventStore, content: InvoiceRecord): Promise<Buffer> {
  const logo = content.logo ? await logoDataUrl(store, content.logo.id) : undefined;
  try {
    const rendered = await renderInvoicePdf(
      withTypedAddresses(content.eInvoice, content),
      templateIdFor(content.template.id),
      {
        ...(logo ? { logo: { dataUrl: logo } } : {}),
        kind: 'quote',
      },
    );
    return rendered.pdf;
  } catch (error) {
    throw renderFailure(error);
  }
}

/** "Quote_QUO-0001_2026-11-27.pdf" */
export const quoteFileName = (content: InvoiceRecord) =>
  `Quote_${content.number.replace(/[^A-Za-z0-9._-]+/g, '_')}_${content.issueDate}.pdf`;
