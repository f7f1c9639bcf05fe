import { type ChainReport, type Database, rowsOf } from '@remit/eventstore';
import { sql } from 'drizzle-orm';

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

/** One link of the chain, as an archive's manifest names it (`chain.link`, `chain.hash`). */
export interface ChainLink {
  link: string;
  position: string;
  hash: string;
}

/** The link at `seq`, or null when the chain is shorter. */
export async function readChainLink(db: Database, seq: bigint): Promise<ChainLink | null> {
  const [row] = rowsOf<{ position: string; hash: string }>(
    await db.execute(
      sql`select position::text as position, hash from event_chain where seq = ${seq.toString()}::bigint`,
    ),
  );
  return row ? { link: seq.toString(), position: row.position, hash: row.hash } : null;
}

/** `--link N` from the command line, or null. */
export function linkArgument(argv: readonly string[]): bigint | null {
  const index = argv.indexOf('--link');
  const value = index >= 0 ? argv[index + 1] : argv.find((arg) => arg.startsWith('--link='))?.slice(7);
  if (value === undefined) return null;
  if (!/^\d{1,18}$/.test(value))
    throw new Error(`--link takes a link number (a manifest's chain.link), not "${value}"`);
  return BigInt(value);
}

/** The line `verify --link N` adds: the link's hash, to compare with a manifest's. */
export function describeLink(seq: bigint, link: ChainLink | null): string {
  return link
    ? `Link ${seq}: ${link.hash} at position ${link.position}.`
    : `Link ${seq}: the chain has no such link (yet).`;
}
