import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { extractText, getMeta } from 'unpdf';

/** PDF text via pdf.js (no system tools needed), one string per page, NBSPs as plain spaces. */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: false });
  return text.map(normalize);
}

/**
 * PDF text as poppler's `pdftotext` reads it (a preflight tool), one string per page, normalised as
 * `pdfPages`. For files that read many long PDFs: pdf.js took as long to read a 7-page invoice as Typst took
 * to write it (7.6 s against 8.9 s at load 48), pdftotext a fraction of that.
 */
export async function pdfTextPages(pdf: Buffer): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'remit-pdftext-'));
  try {
    const file = join(dir, 'document.pdf');
    await writeFile(file, pdf);
    const { stdout } = await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', file, '-'], {
      maxBuffer: 64 * 1024 * 1024,
    });
    // pdftotext ends every page with a form feed.
    return stdout.split('\f').slice(0, -1).map(normalize);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function pdfInfo(pdf: Buffer): Promise<Record<string, unknown>> {
  const { info } = await getMeta(new Uint8Array(pdf));
  return info;
}

export function normalize(text: string): string {
  return text.replace(/[\u00A0\u200E\s]+/gu, ' ').trim();
}

export function tokens(text: string): string[] {
  return normalize(text).split(' ').filter(Boolean);
}

/**
 * Whether the words of `phrase` appear in `text` in order. A description that wraps inside a table cell can
 * come out of the PDF interleaved with the cells beside it, so exact substring matching would be too strict.
 */
export function hasWordsInOrder(text: string, phrase: string): boolean {
  const words = tokens(text);
  let at = 0;
  for (const word of tokens(phrase)) {
    at = words.indexOf(word, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}
