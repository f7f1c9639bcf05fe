import { extractText, getMeta } from 'unpdf';

/** PDF text via pdf.js (no system tools needed), one string per page, NBSPs as plain spaces. */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: false });
  return text.map(normalize);
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
