import {
  type Catalogue,
  catalogue,
  type DocumentLanguage,
  documentLanguages,
  formatDocumentDate,
  formatMoney,
  money,
} from '@remit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RenderPool } from './pool.js';
import { renderInvoicePdf, renderPdf } from './render.js';
import { sampleInvoiceWithItems } from './samples.js';
import { documentLabels } from './template-data.js';
import { invoiceTemplates } from './templates/registry.js';
import { localisedInvoice } from './testing/languages.js';
import {
  type Box,
  describeWord,
  extent,
  overlappingWords,
  pdfWords,
  wordsOutside,
} from './testing/layout-check.js';
import { normalize, pdfInfo, pdfPages, tokens } from './testing/test-support.js';

// Issue 30: every template in every document language. Each label the template prints in English is printed in
// the invoice's language instead, money and dates follow the language's conventions, and no English word of the
// catalogue is left on a page in another language. One pool for the file: 60 renders share its two workers.

const pool = new RenderPool({ size: 2 });
afterAll(() => pool.close());

/** Letter-spaced captions come out of the PDF as "I S S U E DAT E": compare without spaces, in lower case. */
const compact = (text: string) => normalize(text).replace(/\s+/g, '').toLowerCase();

/** Tokens with letter-spaced captions joined again: "C O N C E P TO" is one word, not "to". */
function unspaced(list: string[]): string[] {
  const out: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.some((token) => token.length === 1)) out.push(run.join(''));
    else out.push(...run);
    run = [];
  };
  for (const token of list) {
    if (/^\p{Lu}{1,3}$/u.test(token)) run.push(token);
    else {
      flush();
      out.push(token);
    }
  }
  flush();
  return out;
}

/** Words of a catalogue's document texts, lower case ("Rechnung an" → rechnung, an). */
function wordsOf(texts: string[]): Set<string> {
  return new Set(texts.flatMap((text) => words(text)));
}
const words = (text: string) =>
  normalize(text)
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length > 1);

/** Everything a document page can print from a catalogue: labels, units, VAT categories, phrases. */
function documentTexts(words: Catalogue): string[] {
  return [
    ...Object.values(words.document),
    ...Object.values(words.vatCategories),
    ...Object.values(words.units).flat(),
    ...Object.values(words.phrases),
    ...Object.values(words.legal),
  ];
}

/** English words that a page in `language` must not print (those the language shares, like IBAN, are fine). */
function foreignEnglish(language: DocumentLanguage): Set<string> {
  const own = wordsOf(documentTexts(catalogue(language)));
  const english = wordsOf(documentTexts(catalogue('en')));
  return new Set([...english].filter((word) => !own.has(word)));
}

const templates = invoiceTemplates.map((template) => template.id);

/** A credit note for an intra-community supply: "Factura rectificativa", "Rechnungskorrektur", Art. 138's text. */
const longestCreditNote = (language: DocumentLanguage) =>
  localisedInvoice(language, {
    typeCode: '381',
    precedingInvoice: { number: 'RE-2026-0001', issueDate: '2026-11-02' },
    vat: { category: 'K', rate: 0, exemption: null },
    items: localisedInvoice(language).items.map((line) => ({ ...line, vat: null })),
  });

describe.each(templates)('the %s template in every language', (templateId) => {
  // The template's printable area, measured on an ordinary English invoice (as layout.test.ts does).
  let area: Box;
  beforeAll(async () => {
    area = extent(await pdfWords(await renderPdf(sampleInvoiceWithItems(60), templateId, { pool })));
  });

  it('prints each of its labels in the invoice language, money and dates as the language writes them, and no English word', async () => {
    const rendered = await Promise.all(
      documentLanguages.map(async (language) => {
        const { pdf } = await renderInvoicePdf(localisedInvoice(language), templateId, { pool });
        // The longest title and legal mention of each language: its credit note for an intra-community supply.
        const credit = await renderInvoicePdf(longestCreditNote(language), templateId, { pool });
        return { language, pdf, credit: credit.pdf, text: (await pdfPages(pdf)).join(' ') };
      }),
    );
    const english = rendered.find((entry) => entry.language === 'en')?.text ?? '';
    const englishLower = compact(english);
    const englishLabels = documentLabels('en');
    // The labels this template prints: those its English page shows (every template prints most, none all).
    const printed = (Object.keys(englishLabels) as Array<keyof typeof englishLabels>).filter((key) =>
      englishLower.includes(compact(englishLabels[key])),
    );
    expect(printed).toEqual(expect.arrayContaining(['invoice', 'issueDate', 'subtotal', 'total', 'iban']));
    const problems: string[] = [];
    for (const { language, pdf, credit, text } of rendered) {
      const labels = documentLabels(language);
      const lower = compact(text);
      // The same labels as poppler's pdftotext reads the page (the layout check's words), not only pdf.js.
      const pages = await pdfWords(pdf);
      const poppler = compact(pages.flatMap((page) => page.words.map((word) => word.text)).join(' '));
      for (const key of printed) {
        if (!lower.includes(compact(labels[key])))
          problems.push(`${language}: label ${key} "${labels[key]}"`);
        if (!poppler.includes(compact(labels[key])))
          problems.push(`${language}: label ${key} "${labels[key]}" not in pdftotext's words`);
      }
      const invoice = localisedInvoice(language);
      const locale = catalogue(language).locale;
      for (const date of [invoice.issueDate, invoice.dueDate]) {
        const spelled = formatDocumentDate(date, language);
        if (!text.includes(normalize(spelled))) problems.push(`${language}: date ${spelled}`);
      }
      // 2 × 950.00 + 36.5 h × 85.00 + 12 × 1,000.00 = 17,002.50 net; 19% on 5,002.50 and 7% on 12,000.00: 18,792.98.
      const total = normalize(formatMoney(money(1_879_298, 'EUR'), locale.money));
      if (!text.includes(total)) problems.push(`${language}: total ${total}`);
      if (language !== 'en') {
        const foreign = foreignEnglish(language);
        for (const word of unspaced(tokens(text)).flatMap(words)) {
          if (foreign.has(word)) problems.push(`${language}: English word "${word}"`);
        }
      }
      // German words are long: every word stays clear of the others and inside the page (issue 17's layout check),
      // on the invoice and on the credit note with the language's longest title and legal mention.
      for (const [kind, document] of [
        ['invoice', pages],
        ['credit note', await pdfWords(credit)],
      ] as const) {
        for (const [number, page] of document.entries()) {
          const where = `${language} ${kind} page ${number + 1}`;
          for (const [a, b] of overlappingWords(page))
            problems.push(`${where}: ${describeWord(a)} overlaps ${describeWord(b)}`);
          for (const word of wordsOutside(page, area))
            problems.push(`${where}: ${describeWord(word)} is outside the printable area`);
        }
      }
      const lang = /\/Lang \(([a-zA-Z-]+)\)/.exec(pdf.toString('latin1'))?.[1];
      if (lang?.slice(0, 2) !== language) problems.push(`${language}: PDF /Lang is ${lang}`);
    }
    expect(problems).toEqual([]);
    // Twelve renders (an invoice and a credit note per language) on a shared machine: more than the default's time.
  }, 120_000);
});

describe('documents in every language', () => {
  it('spells totals and dates in each language’s own way', async () => {
    expect(formatMoney(money(120_000, 'EUR'), catalogue('de').locale.money)).toBe('1.200,00\u00A0€');
    // Four-digit amounts are grouped in Spanish and Italian too, and Dutch spaces its leading € (D-342).
    expect(formatMoney(money(142_800, 'EUR'), catalogue('es').locale.money)).toBe('1.428,00\u00A0€');
    expect(formatMoney(money(142_800, 'EUR'), catalogue('it').locale.money)).toBe('1.428,00\u00A0€');
    expect(formatMoney(money(142_800, 'EUR'), catalogue('nl').locale.money)).toBe('€\u00A01.428,00');
    expect(formatMoney(money(142_800, 'EUR'), catalogue('en').locale.money)).toBe('€1,428.00');
    expect(formatDocumentDate('2026-11-27', 'de')).toBe('27. November 2026');
    expect(formatDocumentDate('2026-11-27', 'fr')).toBe('27 novembre 2026');
    expect(formatDocumentDate('2026-11-27', 'es')).toBe('27 de noviembre de 2026');
    expect(formatDocumentDate('2026-11-27', 'it')).toBe('27 novembre 2026');
    expect(formatDocumentDate('2026-11-27', 'nl')).toBe('27 november 2026');
    expect(formatDocumentDate('2026-11-27', 'en')).toBe('27 November 2026');
  });

  it('titles a credit note, stamps a void invoice and states reverse charge in the law’s wording of each language', async () => {
    const problems: string[] = [];
    const cases = documentLanguages.flatMap((language) => [
      {
        language,
        kind: 'credit',
        invoice: localisedInvoice(language, {
          typeCode: '381',
          precedingInvoice: { number: 'RE-2026-0001', issueDate: '2026-11-02' },
        }),
        voidedOn: undefined,
      },
      { language, kind: 'void', invoice: localisedInvoice(language), voidedOn: '2026-11-28' },
      {
        language,
        kind: 'reverse',
        invoice: localisedInvoice(language, {
          vat: { category: 'AE', rate: 0, exemption: null },
          items: localisedInvoice(language).items.map((line) => ({ ...line, vat: null })),
        }),
        voidedOn: undefined,
      },
    ]);
    const texts = await Promise.all(
      cases.map(async ({ invoice, voidedOn }) =>
        (
          await pdfPages(
            (
              await renderInvoicePdf(invoice, 'classic', { pool, ...(voidedOn ? { voidedOn } : {}) })
            ).pdf,
          )
        ).join(' '),
      ),
    );
    for (const [index, { language, kind }] of cases.entries()) {
      const text = texts[index] ?? '';
      const words = catalogue(language);
      const expected =
        kind === 'credit'
          ? [words.document.creditNote, words.document.creditNoteNumber, words.document.correctsInvoice]
          : kind === 'void'
            ? [
                words.document.void,
                `${words.document.voidedOn} ${formatDocumentDate('2026-11-28', language)}`,
              ]
            : [normalize(words.legal.reverseCharge), words.vatCategories.AE];
      for (const phrase of expected) {
        if (!compact(text).includes(compact(phrase))) problems.push(`${language} ${kind}: "${phrase}"`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('writes the title and subject in the document language', async () => {
    const { pdf } = await renderInvoicePdf(localisedInvoice('fr'), 'modern', { pool });
    const info = await pdfInfo(pdf);
    expect(info.Title).toBe('Facture RE-2026-FR');
    expect(info.Subject).toBe('Facture RE-2026-FR de Schmidt Design GmbH à Weber Logistik AG');
  });
});
