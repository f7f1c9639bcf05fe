import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RenderPool } from '../pdf/pool.js';
import { renderFacturXPdf, renderInvoicePdf } from '../pdf/render.js';
import { sampleLogoDataUrl } from '../pdf/samples.js';
import { invoiceTemplates } from '../pdf/templates/registry.js';
import { pdfPages } from '../pdf/testing/test-support.js';
import { EInvoiceNotReadyError, eInvoiceXml, eInvoiceXmlFormats } from './index.js';
import { matrixCases, refusalCases } from './matrix.js';
import {
  errorsOf,
  isCi,
  type ValidatorReport,
  validate,
  validatorProblem,
  warningsOf,
} from './testing/validator.js';

/**
 * Every case of the matrix, in every format it names, through the real renderer and the official rules (the
 * offline validator: XSD, EN 16931 1.3.16, XRechnung 3.0.2, Factur-X 1.09.2, PDF/A-3 structure). An output counts
 * only with zero errors. The files go to the validator in two runs (XML and PDF, side by side), since each file
 * costs a JVM start.
 */
const problem = await validatorProblem();
if (problem && isCi) throw new Error(`The e-invoice matrix cannot run in CI: ${problem}`);
if (problem) console.warn(`Skipping the e-invoice matrix: ${problem}`);

describe.skipIf(Boolean(problem))('e-invoice matrix against the official EN 16931 rules', () => {
  let dir = '';
  let pool: RenderPool;
  let report: ValidatorReport;
  const files: Array<{ path: string; caseName: string; format: string; template?: string }> = [];
  const pdfs = new Map<string, Buffer>();

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'remit-einvoice-'));
    pool = new RenderPool({ size: 2 });
    await Promise.all(
      matrixCases.flatMap((entry, caseIndex) => [
        ...entry.xml.map(async (format) => {
          const path = join(dir, `${caseIndex}-${format}.xml`);
          await writeFile(path, eInvoiceXml(entry.invoice, format));
          files.push({ path, caseName: entry.name, format });
        }),
        ...entry.pdf.map(async ({ template, logo }, pdfIndex) => {
          const pdf = await renderFacturXPdf(entry.invoice, template, {
            pool,
            createdAt: new Date('2025-03-14T09:00:00Z'),
            ...(logo ? { logo: { dataUrl: sampleLogoDataUrl } } : {}),
          });
          const path = join(dir, `${caseIndex}-${pdfIndex}-${template}${logo ? '-logo' : ''}.pdf`);
          await writeFile(path, pdf);
          pdfs.set(path, pdf);
          files.push({ path, caseName: entry.name, format: 'factur-x', template });
        }),
      ]),
    );
    const xml = files.filter((file) => file.path.endsWith('.xml')).map((file) => file.path);
    const pdf = files.filter((file) => file.path.endsWith('.pdf')).map((file) => file.path);
    const [xmlReport, pdfReport] = await Promise.all([validate(xml), validate(pdf)]);
    report = {
      results: [...xmlReport.results, ...pdfReport.results],
      passed: xmlReport.passed + pdfReport.passed,
      failed: xmlReport.failed + pdfReport.failed,
      valid: xmlReport.valid && pdfReport.valid,
    };
    // The validator's own summary of both runs, as one JSON line (never a test-runner-like closing line).
    const summary = (part: ValidatorReport) => ({
      files: part.results.length,
      valid: part.valid,
      passed: part.passed,
      failed: part.failed,
      errors: errorsOf(part).length,
    });
    console.info(
      `e-invoice validator: ${JSON.stringify({ xml: summary(xmlReport), pdf: summary(pdfReport) })}`,
    );
  }, 900_000);

  afterAll(async () => {
    await pool?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('finds zero errors in every file of every case', () => {
    expect(errorsOf(report)).toEqual([]);
    expect(report.results).toHaveLength(files.length);
    for (const result of report.results) expect(result.valid, result.file).toBe(true);
  });

  it('writes no empty element and draws no other warning (PEPPOL-EN16931-R008 and the rest)', () => {
    expect(warningsOf(report)).toEqual([]);
  });

  it('ran the rule sets each format must pass', () => {
    for (const file of files) {
      const result = report.results.find((entry) => entry.file === file.path);
      const labels = result?.checks.map((check) => check.label).join(' | ') ?? '';
      expect(labels, file.path).toMatch(/EN 16931 (CII|UBL) schematron/);
      if (file.format.startsWith('xrechnung')) expect(labels, file.path).toMatch(/XRechnung 3\.0\.2/);
      if (file.format === 'factur-x') {
        expect(labels, file.path).toMatch(/PDF\/A-3 structure/);
        expect(labels, file.path).toMatch(/Factur-X 1\.09\.2 EN 16931 schematron/);
        expect(result?.profile).toBe('en16931');
      }
    }
  });

  it('renders every template at least once as Factur-X, with and without a logo', () => {
    const rendered = new Set(files.flatMap((file) => (file.template ? [file.template] : [])));
    expect([...rendered].sort()).toEqual(invoiceTemplates.map((template) => template.id).sort());
    expect(files.some((file) => file.path.endsWith('-logo.pdf'))).toBe(true);
    expect(files.some((file) => file.path.endsWith('.pdf') && !file.path.endsWith('-logo.pdf'))).toBe(true);
  });

  it('prints on the page what the law asks the case to say', async () => {
    for (const [index, entry] of matrixCases.entries()) {
      if (!entry.pdfShows) continue;
      const path = [...pdfs.keys()].find((key) => key.includes(`/${index}-0-`));
      const pages = await pdfPages(pdfs.get(path ?? '') ?? Buffer.alloc(0));
      // Compared without white space: a long legal text wraps anywhere, even after a slash.
      const squash = (text: string) => text.replace(/\s+/g, '');
      expect(squash(pages.join('')), entry.name).toContain(squash(entry.pdfShows));
    }
  });
});

describe('e-invoice refusals', () => {
  let pool: RenderPool;
  beforeAll(() => {
    pool = new RenderPool({ size: 1 });
  });
  afterAll(async () => {
    await pool.close();
  });

  for (const refusal of refusalCases) {
    it(`refuses every format for a ${refusal.name}, naming what is missing`, async () => {
      for (const format of eInvoiceXmlFormats) {
        const error = catchError(() => eInvoiceXml(refusal.invoice, format));
        expect(error).toBeInstanceOf(EInvoiceNotReadyError);
        expect((error as EInvoiceNotReadyError).issues.map((issue) => issue.message)).toEqual(
          expect.arrayContaining(refusal.messages),
        );
      }
      await expect(renderFacturXPdf(refusal.invoice, 'classic', { pool })).rejects.toBeInstanceOf(
        EInvoiceNotReadyError,
      );
    });
  }

  it('still gives the plain PDF of an invoice that is not ready', async () => {
    const { pdf, facturX } = await renderInvoicePdf(refusalCases[0]!.invoice, 'classic', { pool });
    expect(facturX).toBe(false);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.includes('factur-x.xml')).toBe(false);
    expect(pdf.includes('pdfaid:part')).toBe(false);
  });
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}
