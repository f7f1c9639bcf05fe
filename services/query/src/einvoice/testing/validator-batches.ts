import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Finding, PendingCheck, SchematronSet } from './validator-layers.js';

/**
 * The offline validator's two engines over many files at once: xmllint with one schema over every file that
 * needs it, and Saxon with the tool's Schematron driver over every file that takes the same rule sets. Each fills
 * the checks it is given, finding by finding, as `validate` does for one file.
 */

export const run = (command: string, args: string[]) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((done) => {
    execFile(command, args, { encoding: 'utf8', maxBuffer: 256 << 20 }, (error, stdout, stderr) => {
      const code = (error as { code?: unknown } | null)?.code;
      done({ status: error ? (typeof code === 'number' ? code : 1) : 0, stdout, stderr });
    });
  });

/** At most `limit` tasks at a time: the machine has two cores, and other tests run beside these. */
export async function inTurn<T>(tasks: Array<() => Promise<T>>, limit = 2): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/** One xmllint run with the schema `xsd` over `entries`; xmllint names the file in front of each message. */
export async function runXsd(xsd: string, entries: Array<{ path: string; check: PendingCheck }>) {
  const { status, stderr } = await run('xmllint', [
    '--noout',
    '--nonet',
    '--schema',
    xsd,
    ...entries.map((entry) => entry.path),
  ]);
  const lines = stderr.split('\n');
  for (const { path, check } of entries) {
    const prefix = `${path}:`;
    for (const line of lines) {
      if (!line.startsWith(prefix)) continue;
      const match = /^(\d+): (.*)$/.exec(line.slice(prefix.length));
      if (!match) continue;
      const message = (match[2] as string)
        .replace(/\{[^}]*\}/g, '')
        .replace(/^element (\S+): Schemas validity error : /, '')
        .replace(/^Schemas validity error : /, '');
      const rule = /parser error/.test(message) ? 'XML-WELLFORMED' : 'XSD';
      check.findings.push({ severity: 'error', rule, location: `line ${match[1]}`, message: message.trim() });
    }
    // Failed without a message on one of its lines (or the schema did not compile): the tool's catch-all.
    const validated = lines.includes(`${path} validates`);
    if (status !== 0 && !validated && check.findings.length === 0) {
      const message = (stderr || `xmllint exit ${status}`).trim().split('\n').slice(0, 3).join(' | ');
      check.findings.push({ severity: 'error', rule: 'XSD', location: '-', message });
    }
  }
}

export interface SchematronJob {
  path: string;
  sets: SchematronSet[];
  schematron: Map<string, PendingCheck>;
}

export interface Engine {
  java: string;
  saxonJar: string;
  validatorDir: string;
  work: string;
}

/**
 * One Saxon run for every file: a stylesheet that applies each file's compiled Schematron sets as the tool's driver
 * does, printing the driver's lines after a FILE line. Saxon's stylesheet cache lasts the run, so each rule set is
 * compiled once for all files rather than once per file and JVM.
 */
export async function runSchematron(engine: Engine, jobs: SchematronJob[]) {
  if (jobs.length === 0) return;
  const stylesheet = join(engine.work, 'batch.xsl');
  writeFileSync(stylesheet, batchStylesheet(engine.validatorDir));
  const data = join(engine.validatorDir, 'data');
  const lines = jobs.map(
    (job) =>
      `${pathToFileURL(job.path).href}\t${job.sets.map((set) => `${set.id}=${pathToFileURL(join(data, set.rel)).href}`).join('|')}`,
  );
  const { status, stdout, stderr } = await run(engine.java, [
    // The tool's JVM options.
    ...['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xss8m', '-cp', engine.saxonJar],
    ...['net.sf.saxon.Transform', '-it', `-xsl:${stylesheet}`, `jobs=${lines.join('\n')}`],
  ]);
  if (status !== 0) {
    const message = `Saxon failed: ${stderr.trim().split('\n').slice(0, 4).join(' | ')}`;
    for (const job of jobs)
      for (const check of job.schematron.values())
        check.findings.push({ severity: 'error', rule: 'ENGINE', location: '-', message });
    return;
  }
  let job: SchematronJob | undefined;
  let check: PendingCheck | undefined;
  for (const line of stdout.split('\n')) {
    const [tag, ...parts] = line.split('\t');
    if (tag === 'FILE') {
      job = jobs[Number(parts[0])];
      check = undefined;
    } else if (tag === 'SET') {
      check = job?.schematron.get(parts[0] as string);
      if (check) check.fired = Number(parts[1]);
    } else if (tag === 'F' && check) {
      const [flag, rule, location, ...message] = parts as [string, string, string, ...string[]];
      check.findings.push({ severity: severityOf(flag), rule, location, message: message.join(' ') });
    }
  }
  for (const { schematron } of jobs)
    for (const pending of schematron.values())
      if (pending.fired === 0 && pending.findings.length === 0)
        pending.findings.push({
          severity: 'error',
          rule: 'ENGINE',
          location: '-',
          message: 'no schematron rule fired - document does not match this rule set',
        });
}

function severityOf(flag: string): Finding['severity'] {
  if (flag === 'fatal' || flag === 'error') return 'error';
  return flag === 'warning' || flag === 'warn' ? 'warning' : 'info';
}

/**
 * For each line of `jobs` (a file's URI, a tab, its sets as `id=URI|id=URI`): a FILE line with the line's index,
 * then per set what lib/schematron-driver.xsl prints (SET and F lines, made with the driver's own functions, which
 * this imports). A file Saxon cannot read fires no rule: it alone is reported (ENGINE), as the tool's run on it
 * would fail.
 */
function batchStylesheet(validatorDir: string): string {
  const driver = pathToFileURL(join(validatorDir, 'lib', 'schematron-driver.xsl')).href;
  return `<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:err="http://www.w3.org/2005/xqt-errors"
    xmlns:svrl="http://purl.oclc.org/dsdl/svrl" xmlns:local="urn:local" exclude-result-prefixes="#all">
  <xsl:import href="${driver}"/>
  <xsl:param name="sets" as="xs:string" select="''"/>
  <xsl:param name="jobs" as="xs:string" required="yes"/>
  <xsl:template name="xsl:initial-template">
    <xsl:for-each select="tokenize($jobs, '&#10;')">
      <xsl:value-of select="'FILE' || $TAB || (position() - 1) || $NL"/>
      <xsl:variable name="doc" as="document-node()?">
        <xsl:try>
          <xsl:sequence select="doc(substring-before(., $TAB))"/>
          <xsl:catch/>
        </xsl:try>
      </xsl:variable>
      <xsl:for-each select="if ($doc) then tokenize(substring-after(., $TAB), '\\|') else ()">
        <xsl:variable name="name" select="substring-before(., '=')"/>
        <xsl:variable name="href" select="substring-after(., '=')"/>
        <xsl:try>
          <xsl:variable name="result"
              select="transform(map{ 'stylesheet-location': $href, 'source-node': $doc })?output"/>
          <xsl:value-of select="string-join(('SET', $name, string(count($result//svrl:fired-rule)), 'ok'), $TAB)"/>
          <xsl:value-of select="$NL"/>
          <xsl:for-each select="$result//(svrl:failed-assert | svrl:successful-report)">
            <xsl:variable name="text" select="local:clean(svrl:text)"/>
            <xsl:variable name="id" select="if (normalize-space(@id) != '') then normalize-space(@id)
                                            else if (matches($text, '^\\[[^\\]]+\\]')) then replace($text, '^\\[([^\\]]+)\\].*$', '$1')
                                            else '(no-id)'"/>
            <xsl:variable name="flag" select="lower-case((@flag[normalize-space()], @role[normalize-space()], 'error')[1])"/>
            <xsl:value-of select="string-join(('F', $flag, $id, local:short-location(@location), $text), $TAB)"/>
            <xsl:value-of select="$NL"/>
          </xsl:for-each>
          <xsl:catch>
            <xsl:value-of select="string-join(('SET', $name, '0', 'engine-error'), $TAB)"/>
            <xsl:value-of select="$NL"/>
            <xsl:value-of select="string-join(('F', 'fatal', 'ENGINE', '/', local:clean(concat(string($err:code), ': ', $err:description))), $TAB)"/>
            <xsl:value-of select="$NL"/>
          </xsl:catch>
        </xsl:try>
      </xsl:for-each>
    </xsl:for-each>
  </xsl:template>
</xsl:stylesheet>
`;
}
