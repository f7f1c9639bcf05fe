import type { StreamInvoice } from '@remit/contracts';
import type { EventStore } from '@remit/eventstore';
import type { Paywall } from '../billing/repository.js';
import { renderInvoicePdf, renderInvoicePreview } from '../pdf/render.js';
import { renderFailure } from '../pdf/render-failure.js';
import { logoDataUrl, templateIdFor } from './document.js';
import { type InvoiceFacts, streamInvoiceFacts } from './einvoice.js';
import { assertStreamInvoiceOpen } from './locking.js';
import type { InvoiceRow } from './repository.js';

/** What rendering reads of an invoice: its read-model row, or the invoice as its stream states it. */
type Rendered = Pick<InvoiceRow, 'id' | 'content' | 'updatedAt'>;

/**
 * How an invoice becomes its preview and its PDF; the routes and the send command both use it, each with where it
 * reads the e-invoice model and the void day (the routes the read model, a send the invoice's stream).
 */
export function invoiceRendering<Row extends Rendered>(
  store: EventStore,
  factsOf: (row: Row) => Promise<InvoiceFacts>,
) {
  /** The stored logo as a data URL, read once per render. */
  const logoOf = (row: Rendered) =>
    row.content.logo ? logoDataUrl(store, row.content.logo.id) : Promise.resolve(undefined);

  /** The invoice's e-invoice model, its void day and its logo: what both the PDF and the preview draw. */
  async function inputsOf(row: Row) {
    const [{ invoice, voidedOn }, logo] = await Promise.all([factsOf(row), logoOf(row)]);
    return {
      invoice,
      template: templateIdFor(row.content.template.id),
      options: {
        ...(logo ? { logo: { dataUrl: logo } } : {}),
        ...(voidedOn ? { voidedOn } : {}),
        createdAt: row.updatedAt,
      },
    };
  }

  /**
   * The PDF download: Factur-X (PDF/A-3b with factur-x.xml) when the invoice is ready for EN 16931, otherwise the
   * plain PDF. Both are drawn from the e-invoice model, so every PDF, ready or not and void or not, shows the VAT
   * breakdown and the VAT category's legal mention (legal-texts.ts in contracts).
   */
  async function renderDownload(row: Row): Promise<Buffer> {
    const { invoice, template, options } = await inputsOf(row);
    try {
      return (await renderInvoicePdf(invoice, template, options)).pdf;
    } catch (error) {
      throw renderFailure(error);
    }
  }

  /** The invoice's HTML preview: the same layout, figures and mentions as its PDF. */
  async function renderHtml(row: Row): Promise<string> {
    const { invoice, template, options } = await inputsOf(row);
    try {
      return await renderInvoicePreview(invoice, template, options);
    } catch (error) {
      throw renderFailure(error);
    }
  }

  return { renderHtml, renderDownload };
}

/**
 * The PDF a send attaches (docs/decisions.md, "Getting paid"): exactly what the owner downloads, through the
 * same ownership and locking checks (404 not theirs, 402 locked).
 */
export function invoicePdfs(deps: { paywall: Paywall; store: EventStore }) {
  const { renderDownload } = invoiceRendering(deps.store, (invoice: StreamInvoice) =>
    streamInvoiceFacts(deps.store, invoice),
  );
  return {
    /** From the invoice as its stream states it (the send command's), never from the lagging read model. */
    async pdf(userId: string, invoice: StreamInvoice) {
      await assertStreamInvoiceOpen(deps.paywall, userId, invoice);
      const { number, issueDate } = invoice.content;
      return { pdf: await renderDownload(invoice), filename: `Invoice_${number}_${issueDate}.pdf` };
    },
  };
}
