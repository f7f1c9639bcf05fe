import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { formatMoney, type InvoiceDocument, money, sampleInvoiceDocument } from '@remit/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { templatesDir } from './paths.js';
import { RenderPool } from './pool.js';
import { renderPdf } from './render.js';
import { sampleInvoiceWithItems, sampleLogoDataUrl } from './samples.js';
import { invoiceTemplates, listTemplates, readThumbnail } from './templates/registry.js';
import { hasWordsInOrder, normalize, pdfInfo, pdfTextPages } from './testing/test-support.js';

// One pool for the whole file: starting workers is the expensive part.
const pool = new RenderPool({ size: 2 });
afterAll(() => pool.close());

const currencies = ['EUR', 'JPY', 'KWD', 'INR'] as const;

function variants(): Array<{ label: string; invoice: InvoiceDocument }> {
  const seller = sampleInvoiceDocument().seller;
  return currencies.flatMap((currency) =>
    [1, 200].flatMap((count) =>
      [false, true].map((withLogo) => ({
        label: `${currency}, ${count} item${count > 1 ? 's' : ''}, ${withLogo ? 'logo' : 'no logo'}`,
        invoice: sampleInvoiceWithItems(count, currency, {
          number: `INV-${currency}-${count}`,
          seller: withLogo ? { ...seller, logo: { dataUrl: sampleLogoDataUrl } } : seller,
        }),
      })),
    ),
  );
}

describe('the template registry', () => {
  it('lists at least ten templates in the API shape, each with its Typst source and thumbnail', async () => {
    const listed = listTemplates();
    expect(listed.length).toBeGreaterThanOrEqual(10);
    expect(new Set(listed.map((template) => template.ID)).size).toBe(listed.length);
    expect(listed[0]).toEqual({
      ID: 'classic',
      TemplateName: 'Classic',
      TemplateComponentName: 'ClassicTemplate',
      ThumbnailURL: '/api/templates/classic/thumbnail',
    });
    for (const template of invoiceTemplates) {
      expect(existsSync(join(templatesDir, template.id, 'template.typ'))).toBe(true);
      const thumbnail = await readThumbnail(template.id);
      expect(thumbnail?.contentType).toBe('image/png');
      expect(thumbnail?.bytes.subarray(1, 4).toString()).toBe('PNG');
    }
    expect(await readThumbnail('nope')).toBeUndefined();
  });
});

describe.each(invoiceTemplates.map((template) => template.id))('the %s template', (templateId) => {
  it('prints the number, both parties, every line and the total in EUR, JPY, KWD and INR', async () => {
    const cases = variants();
    const pdfs = await Promise.all(cases.map(({ invoice }) => renderPdf(invoice, templateId, { pool })));
    for (const [index, { label, invoice }] of cases.entries()) {
      const pages = await pdfTextPages(pdfs[index] as Buffer);
      const text = pages.join(' ');
      const fail = `${templateId}, ${label}`;
      expect(text, fail).toContain(invoice.number);
      for (const party of [invoice.seller, invoice.customer]) {
        expect(text, fail).toContain(party.companyName);
        expect(text, fail).toContain(party.name);
        expect(text, fail).toContain(party.vatId ?? '');
      }
      for (const item of invoice.items) {
        expect(hasWordsInOrder(text, item.description), `${fail}: ${item.description}`).toBe(true);
        expect(text, fail).toContain(normalize(formatMoney(money(item.total, invoice.currency))));
      }
      expect(text, fail).toContain(normalize(formatMoney(money(invoice.total, invoice.currency))));
      expect(text, fail).toContain('FR76 3000 6000 0112 3456 7890 189');
      if (invoice.items.length === 200) {
        expect(pages.length, fail).toBeGreaterThan(2);
        expect(pages[0], fail).toContain(`Page 1 of ${pages.length}`);
        expect(pages.at(-1), fail).toContain(`Page ${pages.length} of ${pages.length}`);
      }
    }
  });
});

describe('PDF details', () => {
  it('writes title, author, subject and language into the PDF', async () => {
    const invoice = sampleInvoiceDocument({ number: 'INV-001' });
    const pdf = await renderPdf(invoice, 'classic', { pool });
    const info = await pdfInfo(pdf);
    expect(info.Title).toBe('Invoice INV-001');
    expect(info.Author).toBe('Fontaine Studio');
    expect(info.Subject).toBe('Invoice INV-001 from Fontaine Studio to Nordlys Coffee Roasters AB');
    expect(pdf.toString('latin1')).toMatch(/\/Lang \((en|en-US)\)/);
  });

  it('prints a payment link and its instructions', async () => {
    const invoice = sampleInvoiceDocument({
      paymentMethod: {
        type: 'digital',
        name: 'PayPal',
        link: 'https://paypal.me/fontaine',
        instructions: 'Add the invoice number.',
      },
    });
    const text = (await pdfTextPages(await renderPdf(invoice, 'modern', { pool }))).join(' ');
    expect(text).toContain('https://paypal.me/fontaine');
    expect(text).toContain('Add the invoice number.');
  });
});
