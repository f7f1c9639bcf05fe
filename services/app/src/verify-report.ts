import type { ChainReport } from '@remit/eventstore';

/** A chain report as JSON (bigints as decimal strings), for the running server's answer to `npm run verify`. */
export function chainReportJson(report: ChainReport): unknown {
  return JSON.parse(
    JSON.stringify(report, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value)),
  );
}

/** The report back from `chainReportJson`. */
export function chainReportFromJson(json: unknown): ChainReport {
  return JSON.parse(JSON.stringify(json), (_key, value: unknown) =>
    typeof value === 'string' && /^-?\d+n$/.test(value) ? BigInt(value.slice(0, -1)) : value,
  ) as ChainReport;
}
