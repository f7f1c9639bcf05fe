import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EInvoice, sampleEInvoice } from '@remit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RenderPool } from '../pdf/pool.js';
import { renderFacturXPdf } from '../pdf/render.js';
import { eInvoiceXml, eInvoiceXmlFormats } from './index.js';
import { errorsOf, isCi, type ValidatorReport, validate, validatorProblem } from './testing/validator.js';

/**
 * A credit note (381) in every format Remit writes, judged by the offline official validator: each names the
 * invoice it corrects (BG-3) and draws no error. The generated property test mixes credit notes in as well; this
 * one is the short, fixed case.
 */
const problem = await validatorProblem();
if (problem && isCi) throw new Error(`The credit note validator test cannot run in CI: ${problem}`);

const creditNote: EInvoice = sampleEInvoice({
  typeCode: '381',
  precedingInvoice: { number: 'RE-2025-0042', issueDate: '2025-03-14' },
  number: 'CN-0001',
  issueDate: '2025-03-20',
  dueDate: '2025-03-20',
  notes: 'Corrects invoice RE-2025-0042 of 2025-03-14: the workshop was one day, not two.',
});

describe('a credit note as an e-invoice', () => {
  it('is a UBL CreditNote with credited quantities and a billing reference', () => {
    const xml = eInvoiceXml(creditNote, 'ubl');
    expect(xml).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(xml).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
    expect(xml).toContain('<cac:CreditNoteLine>');
    expect(xml).toContain('<cbc:CreditedQuantity unitCode="DAY">2</cbc:CreditedQuantity>');
    expect(xml).toContain(
      '<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>RE-2025-0042</cbc:ID><cbc:IssueDate>2025-03-14</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>',
    );
    expect(xml).not.toContain('InvoiceLine');
    expect(xml).not.toContain('<cbc:DueDate>');
  });

  it('is a CII document of type 381 that references the invoice it corrects', () => {
    const xml = eInvoiceXml(creditNote, 'cii');
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(xml).toContain(
      '<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>RE-2025-0042</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">20250314</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument>',
    );
  });

  it('keeps an invoice an Invoice of type 380 with no reference', () => {
    const xml = eInvoiceXml(sampleEInvoice(), 'ubl');
    expect(xml).toContain('<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>');
    expect(xml).not.toContain('BillingReference');
    expect(eInvoiceXml(sampleEInvoice(), 'cii')).not.toContain('InvoiceReferencedDocument');
  });
});

describe.skipIf(Boolean(problem))('a credit note against the official rules', () => {
  let dir = '';
  let pool: RenderPool;
  let report: ValidatorReport;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'remit-credit-note-'));
    pool = new RenderPool({ size: 1, startupTimeoutMs: 120_000 });
    const paths = await Promise.all(
      eInvoiceXmlFormats.map(async (format) => {
        const path = join(dir, `${format}.xml`);
        await writeFile(path, eInvoiceXml(creditNote, format));
        return path;
      }),
    );
    const pdf = join(dir, 'factur-x.pdf');
    await writeFile(pdf, await renderFacturXPdf(creditNote, 'classic', { pool }));
    report = await validate([...paths, pdf]);
  }, 300_000);

  afterAll(async () => {
    await pool?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('draws no error in any format (CII, UBL, XRechnung CII and UBL, Factur-X)', () => {
    expect(errorsOf(report)).toEqual([]);
    expect(report.results).toHaveLength(eInvoiceXmlFormats.length + 1);
    for (const result of report.results) expect(result.valid, result.file).toBe(true);
  });
});
