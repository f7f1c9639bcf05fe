import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Geometry read back from a rendered PDF (poppler's `pdftotext -bbox-layout`), so the layout test judges what
 * a reader sees rather than what the template meant: every word with its box, page by page.
 */
export interface Word {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Page {
  width: number;
  height: number;
  words: Word[];
}

const run = promisify(execFile);

export async function pdfWords(pdf: Buffer): Promise<Page[]> {
  const dir = await mkdtemp(join(tmpdir(), 'remit-layout-'));
  try {
    const file = join(dir, 'invoice.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-bbox-layout', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
    return parsePages(stdout);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
};

function parsePages(xhtml: string): Page[] {
  const pages: Page[] = [];
  for (const match of xhtml.matchAll(/<page width="([\d.]+)" height="([\d.]+)">([\s\S]*?)<\/page>/g)) {
    const words = [
      ...(match[3] ?? '').matchAll(
        /<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g,
      ),
    ].map((word) => ({
      text: (word[5] ?? '').replace(/&\w+;/g, (entity) => entities[entity] ?? entity),
      x0: Number(word[1]),
      y0: Number(word[2]),
      x1: Number(word[3]),
      y1: Number(word[4]),
    }));
    pages.push({ width: Number(match[1]), height: Number(match[2]), words });
  }
  return pages;
}

/**
 * Pairs of words whose boxes overlap: text printed over text. Boxes of neighbouring lines touch (poppler's boxes
 * span the font's ascent and descent), so an overlap counts when it covers a good part of the lower box's height
 * and more than a sliver of width.
 */
export function overlappingWords(page: Page): Array<[Word, Word]> {
  const found: Array<[Word, Word]> = [];
  const words = [...page.words].sort((a, b) => a.y0 - b.y0);
  for (let i = 0; i < words.length; i++) {
    const a = words[i] as Word;
    for (let j = i + 1; j < words.length; j++) {
      const b = words[j] as Word;
      if (b.y0 >= a.y1) break;
      const dy = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      const dx = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const height = Math.min(a.y1 - a.y0, b.y1 - b.y0);
      if (dx > 0.5 && dy > height * 0.4) found.push([a, b]);
    }
  }
  return found;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The box that holds every word of these pages: a template's printable area, measured on an ordinary invoice. */
export function extent(pages: Page[]): Box {
  const words = pages.flatMap((page) => page.words);
  return {
    x0: Math.min(...words.map((word) => word.x0)),
    y0: Math.min(...words.map((word) => word.y0)),
    x1: Math.max(...words.map((word) => word.x1)),
    y1: Math.max(...words.map((word) => word.y1)),
  };
}

/** Words outside the box (by more than the tolerance in points; more upright, where a page break may start text at the very top). */
export function wordsOutside(page: Page, box: Box, tolerance = { x: 1, y: 3 }): Word[] {
  return page.words.filter(
    (word) =>
      word.x0 < box.x0 - tolerance.x ||
      word.y0 < box.y0 - tolerance.y ||
      word.x1 > box.x1 + tolerance.x ||
      word.y1 > box.y1 + tolerance.y,
  );
}

export function pageText(page: Page): string {
  return page.words.map((word) => word.text).join(' ');
}

export function describeWord(word: Word): string {
  return `"${word.text}" at (${word.x0.toFixed(1)}, ${word.y0.toFixed(1)})–(${word.x1.toFixed(1)}, ${word.y1.toFixed(1)})`;
}

/**
 * Words crowding a column from the left: any word that ends less than `gutter` points before the column's left
 * edge, level with the column (between its first word's top and its last word's bottom). Finds "…Holdings
 * Northwind…", two columns whose text runs together though no glyph overlaps. The column is found by its first
 * and last words (e.g. the customer's company name and VAT id); undefined when either is not on the page.
 */
export function crowdedColumn(page: Page, first: string, last: string, gutter: number): Word[] | undefined {
  const top = page.words.find((word) => word.text === first);
  const bottom = top && page.words.find((word) => word.text === last && word.y0 >= top.y0);
  if (!top || !bottom) return undefined;
  return page.words.filter(
    (word) =>
      word.x0 < top.x0 - 0.5 && word.x1 > top.x0 - gutter && word.y1 > top.y0 + 1 && word.y0 < bottom.y1 - 1,
  );
}
