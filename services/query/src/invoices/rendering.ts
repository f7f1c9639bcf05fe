import { eInvoiceReadiness, type StreamInvoice } from '@remit/contracts';
import type { Database, EventStore } from '@remit/eventstore';
import { renderPdf, renderPreview } from '../pdf/index.js';
import { renderInvoicePdf } from '../pdf/render.js';
import { renderFailure } from '../pdf/render-failure.js';
import { documentFromContent, logoDataUrl, templateIdFor } from './document.js';
import { invoiceFacts } from './einvoice.js';
import { assertStreamInvoiceOpen } from './locking.js';
import type { InvoiceRow } from './repository.js';

/** What rendering reads of an invoice: its read-model row, or the invoice as its stream states it. */
type Rendered = Pick<InvoiceRow, 'id' | 'content' | 'updatedAt'>;

/** How an invoice becomes its preview and its PDF; the routes and the send command both use it. */
export function invoiceRendering(store: EventStore) {
  /** The stored logo as a data URL, read once per render. */
  const logoOf = (row: Rendered) =>
    row.content.logo ? logoDataUrl(store, row.content.logo.id) : Promise.resolve(undefined);

  /**
   * The PDF download: Factur-X (PDF/A-3b with factur-x.xml) when the invoice is ready for EN 16931, otherwise the
   * plain PDF as before (renderInvoicePdf falls back itself when PDF/A cannot show a text).
   */
  async function renderDownload(row: Rendered): Promise<Buffer> {
    // The invoice's stream and its logo are read once, for either path.
    const [{ invoice, voidedOn }, logo] = await Promise.all([invoiceFacts(store, row), logoOf(row)]);
    if (voidedOn || eInvoiceReadiness(invoice, 'en16931').length > 0) {
      return renderDocument(row, 'pdf', voidedOn, logo);
    }
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
    const [{ voidedOn }, logo] = await Promise.all([invoiceFacts(store, row), logoOf(row)]);
    return kind === 'pdf'
      ? renderDocument(row, 'pdf', voidedOn, logo)
      : renderDocument(row, 'html', voidedOn, logo);
  }

  function renderDocument(
    row: Rendered,
    kind: 'pdf',
    voidedOn: string | null,
    logo?: string,
  ): Promise<Buffer>;
  function renderDocument(
    row: Rendered,
    kind: 'html',
    voidedOn: string | null,
    logo?: string,
  ): Promise<string>;
  async function renderDocument(
    row: Rendered,
    kind: 'pdf' | 'html',
    voidedOn: string | null,
    logo?: string,
  ): Promise<Buffer | string> {
    const document = documentFromContent(row.id, row.content, logo);
    const template = templateIdFor(row.content.template.id);
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
    /** From the invoice as its stream states it (the send command's), never from the lagging read model. */
    async pdf(userId: string, invoice: StreamInvoice) {
      await assertStreamInvoiceOpen(deps.db, userId, invoice);
      const { number, issueDate } = invoice.content;
      return { pdf: await renderDownload(invoice), filename: `Invoice_${number}_${issueDate}.pdf` };
    },
  };
}
