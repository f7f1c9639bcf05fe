import { sql } from 'drizzle-orm';
import {
  type ChainedEvent,
  type ChainedEventRow,
  type ChainHead,
  type ChainOrigin,
  chainedEventColumns,
  GENESIS,
  linkOf,
  readChainHead,
  readChainOrigin,
  toChainedEvent,
} from './chain.js';
import { type Database, rowsOf } from './database.js';

/** The first event that does not match the chain, and how. */
export interface BrokenLink {
  /** The link's place in the chain (1 is the first event). */
  seq: bigint;
  /** The event the chain names at this place. */
  position: bigint;
  /** `changed`: its content differs; `missing`: no event has that position any more; `moved`: another
   * event stands at that place in the log's order (two events swapped, or one's order changed);
   * `unchained`: an event below the head that the chain does not hold (inserted behind the keeper). */
  reason: 'changed' | 'missing' | 'moved' | 'unchained';
  /** The event found at that place in the log, if any. */
  found: { position: bigint; streamId: string; version: number; type: string } | null;
}

export interface ChainReport {
  ok: boolean;
  /** Links checked. */
  checked: number;
  head: ChainHead | null;
  origin: ChainOrigin | null;
  /** Events after the head, not linked yet (the keeper follows the log by moments). */
  pending: number;
  broken: BrokenLink | null;
}

const PAGE = 2_000;

interface Link {
  seq: bigint;
  position: bigint;
  hash: string;
}

/**
 * Recomputes the chain from the events and compares it with the stored links, in one repeatable-read
 * snapshot, a page at a time (bounded memory): the k-th link must name the k-th event in reader order,
 * and its hash must be the hash of the link before and that event's content. Stops at the first
 * difference and names it. Read only.
 */
export async function verifyChain(db: Database): Promise<ChainReport> {
  const run = async (tx: Database): Promise<ChainReport> => {
    const head = await readChainHead(tx);
    const origin = await readChainOrigin(tx);
    const pending = await countAfter(tx, head);
    let checked = 0;
    let previous = GENESIS;
    let afterSeq = 0n;
    let after = { txId: '0', position: '0' };
    for (;;) {
      const links = await readLinks(tx, afterSeq);
      const found = await readEvents(tx, after, head, PAGE);
      for (let index = 0; index < Math.max(links.length, found.length); index++) {
        const link = links[index];
        const event = found[index];
        if (!link) {
          // An event at or below the head that no link names.
          return report({ seq: afterSeq + BigInt(index) + 1n, event: event!, reason: 'unchained' });
        }
        if (!event || event.position !== link.position.toString()) {
          const reason = (await positionExists(tx, link.position)) ? 'moved' : 'missing';
          return report({ seq: link.seq, position: link.position, event, reason });
        }
        previous = linkOf(previous, event);
        if (previous !== link.hash) return report({ seq: link.seq, event, reason: 'changed' });
        checked++;
      }
      if (links.length < PAGE && found.length < PAGE) break;
      // Both pages are full, or one is and the walk above already returned.
      afterSeq = links.at(-1)!.seq;
      const last = found.at(-1)!;
      after = { txId: last.txId, position: last.position };
    }
    return { ok: true, checked, head, origin, pending, broken: null };

    function report(at: {
      seq: bigint;
      position?: bigint;
      event: ChainedEvent | undefined;
      reason: BrokenLink['reason'];
    }): ChainReport {
      const { event } = at;
      const found = event
        ? {
            position: BigInt(event.position),
            streamId: event.streamId,
            version: Number(event.version),
            type: event.type,
          }
        : null;
      const position = at.position ?? found?.position ?? 0n;
      return {
        ok: false,
        checked,
        head,
        origin,
        pending,
        broken: { seq: at.seq, position, reason: at.reason, found },
      };
    }
  };
  return db.transaction(run, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

async function readLinks(db: Database, afterSeq: bigint): Promise<Link[]> {
  const rows = rowsOf<{ seq: string; position: string; hash: string }>(
    await db.execute(sql`select seq::text as seq, position::text as position, hash from event_chain
      where seq > ${afterSeq.toString()}::bigint order by event_chain.seq limit ${PAGE}`),
  );
  return rows.map((row) => ({ seq: BigInt(row.seq), position: BigInt(row.position), hash: row.hash }));
}

/** Events after `after` up to the head, in reader order. */
async function readEvents(
  db: Database,
  after: { txId: string; position: string },
  head: ChainHead | null,
  limit: number,
): Promise<ChainedEvent[]> {
  if (!head) return [];
  const rows = rowsOf<ChainedEventRow>(
    await db.execute(sql`select ${chainedEventColumns} from events e
      where (e.tx_id, e.position) > (${after.txId}::xid8, ${after.position}::bigint)
        and (e.tx_id, e.position) <= (${head.txId.toString()}::xid8, ${head.position.toString()}::bigint)
      order by e.tx_id, e.position limit ${limit}`),
  );
  return rows.map(toChainedEvent);
}

async function countAfter(db: Database, head: ChainHead | null): Promise<number> {
  const [row] = rowsOf<{ count: string }>(
    await db.execute(sql`select count(*)::text as count from events e
      where (e.tx_id, e.position) > (${(head?.txId ?? 0n).toString()}::xid8, ${(head?.position ?? 0n).toString()}::bigint)`),
  );
  return Number(row?.count ?? 0);
}

async function positionExists(db: Database, position: bigint): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`select 1 from events where position = ${position.toString()}::bigint`),
  );
  return rows.length > 0;
}

/** One line an operator or auditor reads: the verdict and the head, or the first bad event. */
export function describeChain(report: ChainReport): string {
  const origin = report.origin
    ? `chain started ${report.origin.startedAt}` +
      (report.origin.eventsBefore > 0n
        ? ` over ${report.origin.eventsBefore} earlier events (to position ${report.origin.lastPosition})`
        : '')
    : 'no chain origin recorded';
  if (report.ok) {
    const head = report.head
      ? `head ${report.head.hash} at link ${report.head.seq}, position ${report.head.position}`
      : 'the chain is empty';
    return `OK: ${report.checked} events verified; ${head}; ${report.pending} newer events not linked yet; ${origin}.`;
  }
  const broken = report.broken!;
  const found = broken.found
    ? `${broken.found.streamId} v${broken.found.version} ${broken.found.type} at position ${broken.found.position}`
    : 'nothing';
  const what = {
    changed: `the event at position ${broken.position} (${found}) is not the event that was linked: its content changed`,
    missing: `the event at position ${broken.position} is missing (deleted); found ${found} in its place`,
    moved: `the event at position ${broken.position} is no longer in its place in the log; found ${found} there (events swapped or reordered)`,
    unchained: `${found} is not in the chain (written behind the chain's back)`,
  }[broken.reason];
  return `TAMPERED at link ${broken.seq}: ${what}; ${report.checked} events before it verified; ${origin}.`;
}
