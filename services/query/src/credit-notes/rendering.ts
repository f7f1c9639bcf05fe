import { type CreditNoteIssued, type EInvoice, withTypedAddresses } from '@remit/contracts';
import type { EventStore } from '@remit/eventstore';
import { logoDataUrl, templateIdFor } from '../invoices/document.js';
import { renderInvoicePdf } from '../pdf/render.js';
import { renderFailure } from '../pdf/render-failure.js';

/** The credit note's e-invoice model (a 381 naming its invoice), with the typed addresses kept as invoices do. */
export const creditNoteModel = (creditNote: CreditNoteIssued): EInvoice =>
  withTypedAddresses(creditNote.content.eInvoice, creditNote.content);

/**
 * The credit note's PDF in its invoice's template and logo: Factur-X when ready for EN 16931, else the plain PDF,
 * as for an invoice (rendering.ts in invoices/).
 */
export async function renderCreditNotePdf(store: EventStore, creditNote: CreditNoteIssued): Promise<Buffer> {
  const { content } = creditNote;
  const logo = content.logo ? await logoDataUrl(store, content.logo.id) : undefined;
  try {
    const rendered = await renderInvoicePdf(creditNoteModel(creditNote), templateIdFor(content.template.id), {
      ...(logo ? { logo: { dataUrl: logo } } : {}),
      createdAt: creditNote.issuedAt,
    });
    return rendered.pdf;
  } catch (error) {
    throw renderFailure(error);
  }
}

/** "Credit-note_CN-0001_2026-11-27.pdf" */
export const creditNoteFileName = (creditNote: CreditNoteIssued) =>
  `Credit-note_${creditNote.content.number.replace(/[^A-Za-z0-9._-]+/g, '_')}_${creditNote.content.issueDate}.pdf`;
