import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { isCi, testEinvoiceDir } from '@remit/eventstore/testing';
import { packageRoot } from '../../pdf/paths.js';

/**
 * The offline EN 16931 validator (shared/tools/einvoice): EINVOICE_DIR, else the shared folder beside the
 * repository (scripts/tools.mjs looks in the same two places; `npm test`'s preflight names the install).
 */
const candidates = [
  testEinvoiceDir,
  join(packageRoot, '..', '..', '..', 'shared', 'tools', 'einvoice'),
].filter((dir): dir is string => Boolean(dir));

export const validatorDir = candidates.find((dir) => existsSync(join(dir, 'validate')));

/** CI must never pass the e-invoice tests by skipping them. */
export { isCi };

export interface ValidatorFinding {
  severity: string;
  rule: string;
  location: string;
  message: string;
}

export interface ValidatorResult {
  file: string;
  valid: boolean;
  kind: string;
  specId?: string;
  profile?: string;
  checks: Array<{
    id: string;
    label: string;
    status: string;
    errors: number;
    warnings: number;
    findings: ValidatorFinding[];
  }>;
}

export interface ValidatorReport {
  results: ValidatorResult[];
  passed: number;
  failed: number;
  valid: boolean;
}

/** Why the validator cannot run here (missing folder or tools), or undefined when it can. */
export async function validatorProblem(): Promise<string | undefined> {
  if (!validatorDir) return `the e-invoice validator was not found (looked in ${candidates.join(', ')})`;
  try {
    await promisify(execFile)('sh', [
      '-c',
      'command -v java && command -v xmllint && command -v qpdf && test -f /usr/share/java/Saxon-HE.jar',
    ]);
    return undefined;
  } catch {
    return `the validator's packages are missing: run ${join(validatorDir, 'install.sh')}`;
  }
}

/** One validator run over many files (each costs one JVM start, about a second). */
export async function validate(files: string[]): Promise<ValidatorReport> {
  if (!validatorDir) throw new Error('No validator');
  const run = promisify(execFile);
  try {
    const { stdout } = await run(join(validatorDir, 'validate'), ['--json', ...files], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return JSON.parse(stdout) as ValidatorReport;
  } catch (error) {
    // Exit code 1 means "some file is invalid"; the report is still on stdout.
    const stdout = (error as { stdout?: string }).stdout;
    if (stdout?.trim().startsWith('{')) return JSON.parse(stdout) as ValidatorReport;
    throw error;
  }
}

/** Every error of a report as one line each, for a failure message a person can act on. */
export function errorsOf(report: ValidatorReport): string[] {
  return findingsOf(report, ['error', 'fatal']);
}

/** Every warning of a report, one line each (an empty element, say: PEPPOL-EN16931-R008). */
export function warningsOf(report: ValidatorReport): string[] {
  return findingsOf(report, ['warning']);
}

function findingsOf(report: ValidatorReport, severities: string[]): string[] {
  return report.results.flatMap((result) =>
    result.checks.flatMap((check) =>
      check.findings
        .filter((finding) => severities.includes(finding.severity.toLowerCase()))
        .map((finding) => `${result.file}: ${finding.rule} at ${finding.location}: ${finding.message}`),
    ),
  );
}
