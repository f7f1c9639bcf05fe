import { AppError } from '@remit/kit';

/**
 * `If-Match: "3"` (or 3, or W/"3"): the revision of an invoice, or the version of a draft, an edit was made on
 * (issue 27); absent or `*`, none is checked.
 */
export function ifMatchVersion(header: string | undefined): number | undefined {
  const value = header?.trim() ?? '';
  if (value === '' || value === '*') return undefined;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(value);
  if (!match)
    throw new AppError('validation', 'If-Match must be the version the edit was made on, such as "3"');
  return Number(match[1]);
}
