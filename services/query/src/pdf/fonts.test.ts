import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eInvoiceReadiness, needsWideFonts, sampleEInvoice, undrawableCharacters } from '@remit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RenderPool } from './pool.js';
import { renderInvoicePdf } from './render.js';
import { coverageSource } from './testing/font-coverage.js';
import { pdfPages } from './testing/test-support.js';

/**
 * Text in any script a customer writes in prints, and the invoice stays a Factur-X PDF/A-3b (issue 34, item 9):
 * the wide fonts (CJK, Hebrew, emoji) are loaded when a text needs them, and readiness names a character no
 * shipped font has before the invoice is issued.
 */
const texts = {
  chinese: '北京设计有限公司',
  japanese: 'ロゴデザイン制作',
  korean: '디자인 서비스',
  hebrew: 'שירותי עיצוב',
  arabic: 'خدمات التصميم',
  emoji: '🎨✨🚀',
};

describe('fonts for every script', () => {
  let pool: RenderPool;
  beforeAll(() => {
    pool = new RenderPool({ size: 1 });
  });
  afterAll(async () => {
    await pool.close();
  });

  it('the coverage table readiness reads is the one the shipped fonts give (npm run fonts:coverage)', () => {
    const table = fileURLToPath(
      new URL('../../../../contracts/src/einvoice/font-coverage.ts', import.meta.url),
    );
    expect(readFileSync(table, 'utf8')).toBe(coverageSource());
  });

  it('every script prints in a Factur-X PDF/A-3b, no longer a plain PDF with empty boxes', async () => {
    const base = sampleEInvoice();
    const invoice = sampleEInvoice({
      customer: { ...base.customer, companyName: texts.chinese },
      items: Object.values(texts).map((description, index) => ({
        ...(base.items[index % base.items.length] as (typeof base.items)[number]),
        description,
      })),
    });
    expect(eInvoiceReadiness(invoice, 'en16931')).toEqual([]);
    const { pdf, facturX } = await renderInvoicePdf(invoice, 'classic', { pool });
    // PDF/A refuses a character without a glyph, so a Factur-X render at all means every character was drawn.
    expect(facturX).toBe(true);
    expect(pdf.includes('pdfaid:part')).toBe(true);
    const page = (await pdfPages(pdf)).join(' ');
    for (const text of [texts.chinese, texts.japanese, texts.korean, ...texts.emoji])
      expect(page).toContain(text);
  }, 60_000);

  it('loads the wide fonts only for a text that needs them', () => {
    expect(needsWideFonts('Müller & Söhne – Größe „groß“ Σχεδιασμός Дизайн خدمات ֏ ৳')).toBe(false);
    for (const text of Object.values(texts).filter((text) => text !== texts.arabic)) {
      expect(needsWideFonts(text), text).toBe(true);
    }
  });

  it('readiness names a character no shipped font has, before the invoice is issued', () => {
    expect(undrawableCharacters(`Tigrinya ሀገር ${texts.chinese}`)).toEqual(['ሀ', 'ገ', 'ር']);
    const base = sampleEInvoice();
    const invoice = sampleEInvoice({
      items: [{ ...(base.items[0] as (typeof base.items)[number]), description: 'ሀ' }],
    });
    expect(eInvoiceReadiness(invoice, 'en16931')).toEqual([
      {
        term: 'PDF',
        field: 'items.0.description',
        message: 'Line 1: no font can print ሀ (U+1200); please remove or replace it',
      },
    ]);
  });
});
