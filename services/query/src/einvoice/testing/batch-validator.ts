import { closeSync, existsSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { testJava, testSaxonJar } from '@remit/eventstore/testing';
import { inTurn, run, runSchematron, runXsd, type SchematronJob } from './validator-batches.js';
import {
  type Finding,
  infoXPath,
  type PendingCheck,
  planXml,
  problem,
  type XmlContext,
  type XmlPlan,
} from './validator-layers.js';

/**
 * The offline validator's verdict (shared/tools/einvoice, `validate --json` with its default options) over many
 * files, with one JVM per group of rule sets instead of one per file: the tool's XSDs through xmllint, several files
 * a call; its compiled Schematron through its own driver; its PDF checks (lib/pdfcheck.js). Which layers run, and
 * how findings become checks and verdicts, follow `validate` line by line (validator-layers.ts); the test beside
 * this file holds the two to the tool's own samples and their expected outcomes.
 */

export type { Finding };

export interface Check extends PendingCheck {
  errors: number;
  warnings: number;
  infos: number;
  status: 'pass' | 'fail';
}

export interface FileResult {
  file: string;
  valid: boolean;
  kind?: string | null;
  specId?: string;
  profile?: string | null;
  documentId?: string;
  checks: Check[];
  notes: string[];
}

export interface BatchReport {
  results: FileResult[];
  passed: number;
  failed: number;
  valid: boolean;
}

interface PdfCheck {
  findings: Finding[];
  xml?: string | null;
  xmlName?: string | null;
  fxProfile?: string | null;
  conformanceLevel?: string | null;
  pdfaPart?: string | null;
  pdfaConformance?: string | null;
  tmpDir?: string;
}

interface Planned {
  result: Omit<FileResult, 'checks' | 'valid'> & { checks: PendingCheck[]; embeddedKind?: string | null };
  /** Cut from the front of a location: an XML file's own path. */
  strip?: string;
  /** Put in front of the locations of a PDF's XML checks: the attachment's name. */
  prefix?: { name: string; checks: PendingCheck[] };
}

/** Validates `files` (CII, UBL 2.1 or Factur-X PDF) as `validate --json` does. */
export async function validateBatch(validatorDir: string, files: string[]): Promise<BatchReport> {
  const data = join(validatorDir, 'data');
  const { checkPdf } = createRequire(import.meta.url)(join(validatorDir, 'lib', 'pdfcheck.js')) as {
    checkPdf: (file: string) => PdfCheck;
  };
  const work = mkdtempSync(join(tmpdir(), 'remit-einvoice-batch-'));
  const cleanUps = [work];
  const plans: Array<{ path: string; plan: XmlPlan }> = [];

  const planFile = async (path: string, ctx: XmlContext) => {
    const info = await run('xmllint', ['--nonet', '--xpath', infoXPath, path]);
    const error = info.stderr.split('\n').filter(Boolean).slice(0, 3).join(' | ') || 'not well-formed XML';
    const plan = planXml(data, info.status === 0 ? info.stdout : { error }, ctx);
    plans.push({ path, plan });
    return plan;
  };

  const planned = await inTurn(
    files.map((file) => async (): Promise<Planned> => {
      const result: Planned['result'] = { file, checks: [], notes: [] };
      if (!existsSync(file)) {
        result.checks.push(problem('file', 'file exists', 'FILE', '-', 'no such file', 'file'));
        return { result };
      }
      if (!isPdf(file)) {
        const path = resolve(file);
        const xml = await planFile(path, { fromPdf: false });
        const { kind, specId, profile, documentId } = xml;
        Object.assign(result, { kind, specId, profile, documentId });
        result.checks.push(...xml.checks);
        result.notes.push(...xml.notes);
        return { result, strip: path };
      }
      result.kind = 'pdf';
      let pdf: PdfCheck;
      try {
        pdf = checkPdf(file);
      } catch (error) {
        const message = String((error as Error).message ?? error);
        pdf = { findings: [{ severity: 'error', rule: 'PDF-SYNTAX', location: 'file', message }] };
      }
      if (pdf.tmpDir) cleanUps.push(pdf.tmpDir);
      const part = `part=${pdf.pdfaPart || '?'} conformance=${pdf.pdfaConformance || '?'}`;
      result.checks.push({
        id: 'pdf:pdfa3',
        label: `PDF/A-3 structure (subset of ISO 19005-3; XMP says ${part})`,
        type: 'pdf',
        findings: pdf.findings.filter((f) => f.rule.startsWith('PDFA') || f.rule.startsWith('PDF-')),
      });
      result.checks.push({
        id: 'pdf:facturx',
        label: `Factur-X container (attachment, AFRelationship, XMP fx:, level=${pdf.conformanceLevel || '?'})`,
        type: 'pdf',
        findings: pdf.findings.filter((f) => f.rule.startsWith('FX')),
      });
      if (!pdf.xml) return { result };
      const xmlPath = join(pdf.tmpDir || mkdtempSync(join(work, 'pdf-')), pdf.xmlName || 'factur-x.xml');
      writeFileSync(xmlPath, pdf.xml);
      const { fxProfile, conformanceLevel } = pdf;
      const xml = await planFile(xmlPath, { fromPdf: true, fxProfile, conformanceLevel });
      if (xml.kind !== 'cii' && xml.kind) {
        const message = `embedded XML root is ${xml.root}, Factur-X requires a CII CrossIndustryInvoice`;
        xml.checks.unshift(problem('facturx:xml', 'embedded XML is CII', 'FX-12', '/', message, 'facturx'));
      }
      const { kind: embeddedKind, specId, profile, documentId } = xml;
      Object.assign(result, { embeddedKind, specId, profile, documentId });
      result.checks.push(...xml.checks);
      result.notes.push(...xml.notes);
      return { result, prefix: pdf.xmlName ? { name: pdf.xmlName, checks: xml.checks } : undefined };
    }),
  );

  const xsdRuns = new Map<string, Array<{ path: string; check: PendingCheck }>>();
  for (const { path, plan } of plans)
    for (const { rel, check } of plan.xsd) xsdRuns.set(rel, [...(xsdRuns.get(rel) ?? []), { path, check }]);
  const jobs: SchematronJob[] = plans.flatMap(({ path, plan }) =>
    plan.sets.length > 0 ? [{ path, sets: plan.sets, schematron: plan.schematron }] : [],
  );
  const engine = {
    java: testJava,
    saxonJar: testSaxonJar,
    validatorDir,
    work,
  };
  try {
    // Saxon first: it takes longest, and xmllint's runs fit beside it on the other core.
    const schemas = [...xsdRuns].map(
      ([rel, entries]) =>
        () =>
          runXsd(join(data, rel), entries),
    );
    await inTurn([() => runSchematron(engine, jobs), ...schemas]);
  } finally {
    for (const dir of cleanUps) rmSync(dir, { recursive: true, force: true });
  }

  const results = planned.map(({ result, strip, prefix }): FileResult => {
    for (const finding of result.checks.flatMap((check) => check.findings))
      if (strip && finding.location.startsWith(strip))
        finding.location = finding.location.slice(strip.length);
    for (const finding of prefix?.checks.flatMap((check) => check.findings) ?? [])
      if (finding.location && !finding.location.startsWith(prefix!.name))
        finding.location = `${prefix!.name}:${finding.location}`;
    const checks = result.checks.map(judge);
    return {
      ...result,
      checks,
      valid: checks.length > 0 && checks.every((check) => check.status === 'pass'),
    };
  });
  const count = (status: Check['status']) =>
    results.reduce((sum, r) => sum + r.checks.filter((check) => check.status === status).length, 0);
  return { results, passed: count('pass'), failed: count('fail'), valid: results.every((r) => r.valid) };
}

function judge(check: PendingCheck): Check {
  const count = (severity: string) => check.findings.filter((f) => f.severity === severity).length;
  const errors = count('error');
  return {
    ...check,
    errors,
    warnings: count('warning'),
    infos: count('info'),
    status: errors ? 'fail' : 'pass',
  };
}

/** As the tool sniffs: a PDF has `%PDF-` in its first KiB, whatever its name. */
function isPdf(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(1024);
    const read = readSync(fd, head, 0, 1024, 0);
    return head.subarray(0, read).toString('latin1').includes('%PDF-');
  } finally {
    closeSync(fd);
  }
}
