import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  computeEInvoiceTotals,
  eInvoiceFromV1,
  eInvoiceReadiness,
  eInvoiceSchema,
  formatMoney,
  type InvoiceContent,
  money,
  readEvent,
} from '@remit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../pdf/paths.js';
import { RenderPool } from '../pdf/pool.js';
import { renderInvoicePdf } from '../pdf/render.js';
import { pdfPages } from '../pdf/testing/test-support.js';

/**
 * Invoices as today's code records them (the event log kept in services/app/src/fixtures) through the v1 → model
 * mapping the upcaster will use: each one is a valid model with the very totals it stored, still renders as a PDF,
 * and readiness asks for exactly what v1 never had.
 */
const fixture = join(packageRoot, '..', 'app', 'src', 'fixtures', 'log-2026-11-sandbox.events.jsonl');

describe('invoices recorded by today’s code, through the v1 → model mapping', () => {
  let contents: Array<{ number: string; data: InvoiceContent }> = [];
  let pool: RenderPool;

  beforeAll(async () => {
    const lines = (await readFile(fixture, 'utf8')).split('\n').filter(Boolean);
    // Through the one door every reader uses, so the test sees what an upcaster will be handed.
    contents = lines
      .map((line) => readEvent(JSON.parse(line) as { type: string; data: unknown; schemaVersion?: number }))
      .flatMap((event) =>
        event.type === 'InvoiceIssued' || event.type === 'InvoiceRevised'
          ? [{ number: event.data.number, data: event.data }]
          : [],
      );
    pool = new RenderPool({ size: 1 });
  });
  afterAll(async () => {
    await pool.close();
  });

  it('finds the recorded invoices', () => {
    expect(contents.length).toBeGreaterThanOrEqual(5);
  });

  it('maps each to a valid model with the totals it stored', () => {
    for (const { data } of contents) {
      const invoice = eInvoiceSchema.parse(eInvoiceFromV1(data));
      const totals = computeEInvoiceTotals(invoice);
      expect(totals.lineNet, data.number).toEqual(data.items.map((item) => item.total));
      expect([totals.lineTotal, totals.taxTotal, totals.grandTotal], data.number).toEqual([
        data.subtotal,
        data.tax,
        data.total,
      ]);
      const missing = eInvoiceReadiness(invoice, 'en16931').map((issue) => issue.term);
      expect(missing, data.number).toEqual(expect.arrayContaining(['BT-40', 'BT-55', 'BT-72']));
    }
  });

  it('still renders each as a plain PDF with its number and total', async () => {
    for (const { data } of contents) {
      const { pdf, facturX } = await renderInvoicePdf(eInvoiceFromV1(data), data.template.id, { pool });
      expect(facturX).toBe(false);
      const text = (await pdfPages(pdf)).join(' ');
      expect(text, data.number).toContain(data.number);
      expect(text, data.number).toContain(data.customer.companyName || data.customer.name);
      expect(text.replace(/[\u00A0\u200E]/g, ' '), data.number).toContain(
        formatMoney(money(data.total, data.currency)).replace(/[\u00A0\u200E]/g, ' '),
      );
    }
  });
});
