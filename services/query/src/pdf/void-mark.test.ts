import { sampleEInvoice, sampleInvoiceDocument } from '@remit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RenderPool } from './pool.js';
import { previewText } from './preview.js';
import { renderInvoicePdf, renderPdf, renderPreview } from './render.js';
import { invoiceTemplates } from './templates/registry.js';
import { pdfPages } from './testing/test-support.js';

// The VOID stamp of a void invoice (docs/decisions.md, "Getting paid"): drawn once in lib.typ, so every
// template shows it on every page, and an invoice that is not void shows no trace of it.
const pool = new RenderPool({ size: 2 });
beforeAll(() => pool.ready());
afterAll(() => pool.close());

// pdf.js runs the stamp's two lines together ("VOIDVoided on …"), so the text is searched, not its words.

describe('the VOID stamp', () => {
  it.each(invoiceTemplates.map((template) => template.id))(
    '%s stamps a void invoice and no other',
    async (id) => {
      const invoice = sampleInvoiceDocument();
      const [voidPages, plainPages] = await Promise.all([
        renderPdf(invoice, id, { pool, voidedOn: '2025-03-14' }).then(pdfPages),
        renderPdf(invoice, id, { pool }).then(pdfPages),
      ]);
      expect(voidPages.length).toBe(plainPages.length);
      for (const page of voidPages) {
        expect(page).toContain('VOID');
        expect(page).toContain('Voided on 14 March 2025');
      }
      for (const page of plainPages) {
        expect(page).not.toContain('VOID');
        expect(page).not.toContain('Voided on');
      }
    },
  );

  it('stamps every page of a long void invoice', async () => {
    const items = Array.from({ length: 60 }, (_, index) => ({
      description: `Line ${index + 1}`,
      quantity: 1,
      unitPrice: 100,
    }));
    const pages = await pdfPages(
      await renderPdf(sampleInvoiceDocument({ items }), 'modern', { pool, voidedOn: '2025-03-14' }),
    );
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.filter((page) => page.includes('Voided on 14 March 2025'))).toHaveLength(pages.length);
  });

  it('shows in the preview the customer page and the owner see', async () => {
    const invoice = sampleInvoiceDocument();
    expect(previewText(await renderPreview(invoice, 'classic', { pool, voidedOn: '2025-03-14' }))).toContain(
      'VOID',
    );
    expect(previewText(await renderPreview(invoice, 'classic', { pool }))).not.toContain('VOID');
  });

  it('makes a void e-invoice a plain PDF with the stamp, not Factur-X', async () => {
    const invoice = sampleEInvoice();
    const ready = await renderInvoicePdf(invoice, 'classic', { pool });
    const voided = await renderInvoicePdf(invoice, 'classic', { pool, voidedOn: '2025-03-14' });
    expect(voided.facturX).toBe(false);
    expect((await pdfPages(voided.pdf)).join(' ')).toContain('Voided on 14 March 2025');
    expect((await pdfPages(ready.pdf)).join(' ')).not.toContain('VOID');
  });
});
