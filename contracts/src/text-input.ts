/**
 * Typed text before a field's rule reads it (issue 34, items 5 and 21), shared by the form's live sanitisers
 * and the server's schemas so the two read the same text.
 *
 * - Bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) are removed: invisible, they reorder
 *   what mails, History and the e-invoice XML show ("Trojan Source").
 * - Typographic characters become the plain ones the spec's patterns allow: – — ‒ ― − → -, ’ ‘ ‚ ′ → ',
 *   “ ” „ ″ → ", … → ..., no-break and narrow spaces → a space.
 * Only then does a field strip what it does not allow (`stripDisallowed`), without leaving a double space.
 */

const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

const TYPOGRAPHIC: ReadonlyArray<readonly [RegExp, string]> = [
  [/[\u2012\u2013\u2014\u2015\u2212]/g, '-'],
  [/[\u2018\u2019\u201A\u201B\u2032]/g, "'"],
  [/[\u201C\u201D\u201E\u201F\u2033]/g, '"'],
  [/\u2026/g, '...'],
  [/[\u00A0\u2007\u202F]/g, ' '],
];

/** The text without bidi controls (a removed one between two spaces leaves one). */
export function withoutBidiControls(text: string): string {
  return stripDisallowed(text, BIDI_CONTROLS);
}

/** Bidi controls removed and typographic characters as the plain ones (above). */
export function normalizeTyped(text: string): string {
  return TYPOGRAPHIC.reduce(
    (result, [pattern, plain]) => result.replace(pattern, plain),
    withoutBidiControls(text),
  );
}

// Stands in for a removed character while the spaces around it are joined: a noncharacter, never kept.
const REMOVED = '\uFFFF';
const REMOVED_RUN = / *\uFFFF[ \uFFFF]*/g;

/**
 * Removes what `disallowed` (a global pattern) matches. A removal between words keeps one space where there
 * was one and none where there was none: "Logo ✓ Design" → "Logo Design", "Logo✓Design" → "LogoDesign".
 */
export function stripDisallowed(text: string, disallowed: RegExp): string {
  const marked = text.replace(disallowed, REMOVED);
  if (!marked.includes(REMOVED)) return marked;
  return marked.replace(REMOVED_RUN, (run) => (run.includes(' ') ? ' ' : ''));
}

/** Every string in a parsed request without bidi controls, keys as they are; secrets are left untouched. */
export function withoutBidiControlsDeep(value: unknown, key = ''): unknown {
  if (typeof value === 'string')
    return /password|token|secret/i.test(key) ? value : withoutBidiControls(value);
  if (Array.isArray(value)) return value.map((item) => withoutBidiControlsDeep(item, key));
  if (value === null || typeof value !== 'object') return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [name, withoutBidiControlsDeep(item, name)]),
  );
}
