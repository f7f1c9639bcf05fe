import { type EInvoice, type EInvoiceFormat, eInvoiceReadiness, type ReadinessIssue } from '@remit/contracts';
import { toCii } from './cii.js';
import { type EInvoiceXmlFormat, prepare } from './prepare.js';
import { toUbl } from './ubl.js';

export { type EInvoiceXmlFormat, eInvoiceXmlFormats } from './prepare.js';

/** The rule set a file format is checked against (readiness) and written for. */
export function ruleSetOf(format: EInvoiceXmlFormat): EInvoiceFormat {
  return format.startsWith('xrechnung') ? 'xrechnung' : 'en16931';
}

/** An invoice that is not ready for the format asked; the API answers 422 with `issues`. */
export class EInvoiceNotReadyError extends Error {
  override name = 'EInvoiceNotReadyError';

  constructor(
    readonly format: EInvoiceXmlFormat,
    readonly issues: ReadinessIssue[],
  ) {
    super(`The invoice is not ready for ${format}: ${issues.map((issue) => issue.message).join('; ')}`);
  }
}

/** The invoice as e-invoice XML (UTF-8). Throws EInvoiceNotReadyError, listing what is missing, when not ready. */
export function eInvoiceXml(invoice: EInvoice, format: EInvoiceXmlFormat): string {
  const issues = eInvoiceReadiness(invoice, ruleSetOf(format));
  if (issues.length > 0) throw new EInvoiceNotReadyError(format, issues);
  const prepared = prepare(invoice);
  switch (format) {
    case 'cii':
    case 'facturx':
      return toCii(prepared, 'en16931');
    case 'xrechnung-cii':
      return toCii(prepared, 'xrechnung');
    case 'ubl':
      return toUbl(prepared, 'en16931');
    case 'xrechnung-ubl':
      return toUbl(prepared, 'xrechnung');
    default: {
      const unknown: never = format;
      throw new RangeError(`Unknown e-invoice format: ${String(unknown)}`);
    }
  }
}

/** The download's file name: "RE-2025-0042.xml", "RE-2025-0042-xrechnung.xml" … */
export function eInvoiceFileName(invoice: Pick<EInvoice, 'number'>, format: EInvoiceXmlFormat): string {
  const safe = invoice.number.replace(/[^A-Za-z0-9._-]+/g, '_');
  const suffix = {
    cii: 'cii',
    ubl: 'ubl',
    'xrechnung-cii': 'xrechnung-cii',
    'xrechnung-ubl': 'xrechnung-ubl',
    facturx: 'factur-x',
  }[format];
  return `${safe}-${suffix}.xml`;
}
