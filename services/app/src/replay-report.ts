import type { ReplayReport } from '@remit/projector';

/** Human-readable replay results; `ok` is false when any read model differs from its replay. */
export function formatReplay(reports: ReplayReport[]): { ok: boolean; text: string } {
  const lines: string[] = [];
  let ok = true;
  for (const report of reports) {
    if (report.differences.length === 0) {
      lines.push(`✓ ${report.projection}: ${report.events} events replayed, no difference`);
      continue;
    }
    ok = false;
    lines.push(`✗ ${report.projection}: ${report.events} events replayed`);
    for (const difference of report.differences) {
      lines.push(
        `    ${difference.table}: ${difference.onlyLive} row(s) only in the live table, ${difference.onlyReplayed} only in the replay`,
      );
      for (const sample of difference.samples)
        lines.push(`      ${sample.side}: ${JSON.stringify(sample.row)}`);
    }
  }
  lines.push(ok ? 'Every read model equals its replay.' : 'Some read models differ from the log: see above.');
  return { ok, text: lines.join('\n') };
}
