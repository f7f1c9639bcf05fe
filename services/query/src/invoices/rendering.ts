import { eInvoiceReadiness } from '@remit/contracts';
import type { Database, EventStore } from '@remit/eventstore';
import { renderPdf, renderPreview } from '../pdf/index.js';
import { renderInvoicePdf } from '../pdf/render.js';
import { renderFailure } from '../pdf/render-failure.js';
import { documentFromContent, logoDataUrl, templateIdFor } from './document.js';
import { invoiceFacts } from './einvoice.js';
import { openInvoice } from './locking.js';
import type { InvoiceRow } from './repository.js';

/** How an invoice becomes its preview and its PDF; the routes and the send command both use it. */
export function invoiceRendering(store: EventStore) {
  /**
   * The PDF download: Factur-X (PDF/A-3b with factur-x.xml) when the invoice is ready for EN 16931, otherwise the
   * plain PDF as before (renderInvoicePdf falls back itself when PDF/A cannot show a text).
   */
  async function renderDownload(row: InvoiceRow): Promise<Buffer> {
    const { invoice, voidedOn } = await invoiceFacts(store, row);
    if (voidedOn || eInvoiceReadiness(invoice, 'en16931').length > 0) return render(row, 'pdf');
    const logo = row.content.logo ? await logoDataUrl(store, row.content.logo.id) : undefined;
    try {
      const { pdf } = await renderInvoicePdf(invoice, templateIdFor(row.content.template.id), {
        ...(logo ? { logo: { dataUrl: logo } } : {}),
        createdAt: row.updatedAt,
      });
      return pdf;
    } catch (error) {
      throw renderFailure(error);
    }
  }

  async function render(row: InvoiceRow, kind: 'pdf'): Promise<Buffer>;
  async function render(row: InvoiceRow, kind: 'html'): Promise<string>;
  async function render(row: InvoiceRow, kind: 'pdf' | 'html'): Promise<Buffer | string> {
    const logo = row.content.logo ? await logoDataUrl(store, row.content.logo.id) : undefined;
    const document = documentFromContent(row.id, row.content, logo);
    const template = templateIdFor(row.content.template.id);
    const { voidedOn } = await invoiceFacts(store, row);
    const options = voidedOn ? { voidedOn } : {};
    try {
      return kind === 'pdf'
        ? await renderPdf(document, template, options)
        : await renderPreview(document, template, options);
    } catch (error) {
      throw renderFailure(error);
    }
  }

  return { render, renderDownload };
}

/**
 * The PDF a send attaches (docs/decisions.md, "Getting paid"): exactly what the owner downloads, through the
 * same ownership and locking checks (404 not theirs, 402 locked).
 */
export function invoicePdfs(deps: { db: Database; store: EventStore }) {
  const { renderDownload } = invoiceRendering(deps.store);
  return {
    async pdf(userId: string, invoiceId: string) {
      const row = await openInvoice(deps.db, userId, invoiceId);
      return { pdf: await renderDownload(row), filename: `Invoice_${row.number}_${row.issueDate}.pdf` };
    },
  };
}
