import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RenderPool } from './pool.js';
import { renderInvoicePdf, renderPdf } from './render.js';
import { sampleInvoiceWithItems } from './samples.js';
import { eInvoiceStressInvoices, stressInvoices } from './stress.js';
import { invoiceTemplates } from './templates/registry.js';
import {
  type Box,
  crowdedColumn,
  describeWord,
  extent,
  overlappingWords,
  type Page,
  pageText,
  pdfWords,
  wordsOutside,
} from './testing/layout-check.js';

// Issue 17: every template holds the worst real data. Judged on the PDF itself: no word prints over another, no
// word leaves the template's printable area (measured on an ordinary invoice of the same template), and every
// page after the first names the invoice it belongs to.

const pool = new RenderPool({ size: 2 });
afterAll(() => pool.close());

// Plain invoices, and invoices of the e-invoice model (GiroCode, VAT at two rates, a service period).
const cases = [
  ...stressInvoices().map(({ id, invoice }) => ({
    id,
    number: invoice.number,
    customer: invoice.customer,
    render: (templateId: string) => renderPdf(invoice, templateId, { pool }),
  })),
  ...eInvoiceStressInvoices().map(({ id, invoice }) => ({
    id,
    number: invoice.number,
    customer: invoice.customer,
    render: async (templateId: string) => (await renderInvoicePdf(invoice, templateId, { pool })).pdf,
  })),
];
/** The least space between two columns of text: about a capital M at 9 pt. */
const gutter = (2.5 / 25.4) * 72;

describe.each(invoiceTemplates.map((template) => template.id))(
  'the %s template under stress',
  (templateId) => {
    let area: Box;
    beforeAll(async () => {
      area = extent(await pdfWords(await renderPdf(sampleInvoiceWithItems(60), templateId, { pool })));
    });

    it('keeps every word of every stress invoice clear of the others, inside the page, and names the invoice on every page', async () => {
      const rendered = await Promise.all(cases.map(async ({ render }) => pdfWords(await render(templateId))));
      const problems: string[] = [];
      for (const [index, { id, number: invoiceNumber, customer }] of cases.entries()) {
        const pages = rendered[index] as Page[];
        for (const [number, page] of pages.entries()) {
          const where = `${templateId}/${id} page ${number + 1}`;
          for (const [a, b] of overlappingWords(page)) {
            problems.push(`${where}: ${describeWord(a)} overlaps ${describeWord(b)}`);
          }
          for (const word of wordsOutside(page, area)) {
            problems.push(`${where}: ${describeWord(word)} is outside the printable area`);
          }
          const crowding = crowdedColumn(
            page,
            customer.companyName.split(' ')[0] ?? '',
            customer.vatId ?? '',
            gutter,
          );
          if (number === 0 && crowding === undefined)
            problems.push(`${where}: the customer's block was not found`);
          for (const word of crowding ?? []) {
            problems.push(`${where}: ${describeWord(word)} leaves no gutter before the customer's block`);
          }
          // Wrapped, an address must still read (and copy) as itself: no hyphen or other character added.
          const compact = page.words.map((word) => word.text).join('');
          if (number === 0 && !compact.includes(customer.email)) {
            problems.push(`${where}: the customer's e-mail address does not read as ${customer.email}`);
          }
          if (number > 0 && !pageText(page).includes(invoiceNumber)) {
            problems.push(`${where}: does not show the invoice number ${invoiceNumber}`);
          }
        }
      }
      expect(problems.slice(0, 40)).toEqual([]);
    });
  },
);
