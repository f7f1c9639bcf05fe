import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { isCi, testEinvoiceDir } from '@remit/eventstore/testing';
import { packageRoot } from '../../pdf/paths.js';
import { type BatchReport as ValidatorReport, validateBatch } from './batch-validator.js';

/**
 * The offline EN 16931 validator (shared/tools/einvoice): EINVOICE_DIR, else the shared folder beside the
 * repository (scripts/tools.mjs looks in the same two places; `npm test`'s preflight names the install).
 */
const candidates = [
  testEinvoiceDir,
  join(packageRoot, '..', '..', '..', 'shared', 'tools', 'einvoice'),
].filter((dir): dir is string => Boolean(dir));

export const validatorDir = candidates.find((dir) => existsSync(join(dir, 'validate')));

export type {
  BatchReport as ValidatorReport,
  FileResult as ValidatorResult,
  Finding as ValidatorFinding,
} from './batch-validator.js';
/** CI must never pass the e-invoice tests by skipping them. */
export { isCi };

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

/**
 * The validator's verdict on many files (`validate --json`'s report), a JVM per group of rule sets rather than per
 * file (batch-validator.ts): 33 files cost the tool 33 JVM starts and Saxon compiles.
 */
export async function validate(files: string[]): Promise<ValidatorReport> {
  if (!validatorDir) throw new Error('No validator');
  return validateBatch(validatorDir, files);
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
