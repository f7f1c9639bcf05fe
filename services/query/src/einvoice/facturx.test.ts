import { sampleEInvoice } from '@remit/contracts';
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RenderPool } from '../pdf/pool.js';
import { renderFacturXPdf, renderInvoicePreview, renderPdf } from '../pdf/render.js';
import { sampleInvoiceWithItems } from '../pdf/samples.js';
import { FACTURX_NAMESPACE, withFacturX } from './facturx-xmp.js';
import { eInvoiceXml } from './index.js';

/**
 * The Factur-X container without the validator (which the matrix runs): what a PDF reader finds in the file.
 * pdf.js reads the incremental update, so the attachment, the XMP and the page text come from the final file.
 */
describe('Factur-X PDF', () => {
  let pool: RenderPool;
  beforeAll(() => {
    pool = new RenderPool({ size: 1 });
  });
  afterAll(async () => {
    await pool.close();
  });

  const base = sampleEInvoice();
  const invoice = sampleEInvoice({ seller: { ...base.seller, companyName: 'Müller & Söhne GmbH' } });

  it('attaches the invoice CII as factur-x.xml and declares PDF/A-3b and Factur-X EN 16931 in UTF-8 XMP', async () => {
    const pdf = await renderFacturXPdf(invoice, 'classic', {
      pool,
      createdAt: new Date('2025-03-14T09:00:00Z'),
    });
    const document = await getDocumentProxy(new Uint8Array(pdf));
    const attachments = (await document.getAttachments()) as Record<
      string,
      { filename: string; content: Uint8Array }
    >;
    const attached = Object.values(attachments).find((entry) => entry.filename === 'factur-x.xml');
    expect(attached).toBeDefined();
    expect(Buffer.from(attached?.content ?? []).toString('utf8')).toBe(eInvoiceXml(invoice, 'facturx'));

    const { metadata } = await document.getMetadata();
    const xmp = metadata?.getRaw() ?? '';
    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(xmp).toContain('Müller &amp; Söhne GmbH');
    // The packet ends where its /Length says: a length counted in characters would cut off the closing tags.
    expect(xmp.trimEnd().endsWith('<?xpacket end="r"?>')).toBe(true);
  });

  it('leaves the plain PDF as it was: no PDF/A, no attachment', async () => {
    const pdf = await renderPdf(sampleInvoiceWithItems(3), 'classic', { pool });
    const document = await getDocumentProxy(new Uint8Array(pdf));
    expect(await document.getAttachments()).toBeNull();
    expect(pdf.includes('pdfaid:part')).toBe(false);
    expect(pdf.includes(FACTURX_NAMESPACE)).toBe(false);
  });

  it('drops control characters a paste brought, which PDF/A could not display', async () => {
    const items = [{ ...base.items[0]!, description: 'Workshop\u0007 day\u000c one' }];
    const pdf = await renderFacturXPdf(sampleEInvoice({ items }), 'classic', { pool });
    expect(pdf.includes('factur-x.xml')).toBe(true);
  });

  it('previews a model invoice with the same figures as its PDF', async () => {
    const html = await renderInvoicePreview(invoice, 'classic', { pool });
    expect(html).toContain('<svg');
    // Typst draws text as glyphs; the preview's text layer carries the total as the PDF prints it.
    expect(html.replace(/\s+/g, ' ')).toContain('6,367.10');
  });

  it('adds the fx: schema to an XMP packet that has no extension block of its own', () => {
    const packet =
      '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about=""/></rdf:RDF></x:xmpmeta><?xpacket end="r"?>';
    const patched = withFacturX(packet, { conformanceLevel: 'EN 16931', fileName: 'factur-x.xml' });
    expect(patched).toContain(
      '<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource"><pdfaSchema:schema>Factur-X',
    );
    expect(patched).toContain(`xmlns:fx="${FACTURX_NAMESPACE}"`);
    expect(patched.endsWith('</rdf:RDF></x:xmpmeta><?xpacket end="r"?>')).toBe(true);
    expect(() => withFacturX(patched, { conformanceLevel: 'EN 16931', fileName: 'factur-x.xml' })).toThrow();
  });
});
