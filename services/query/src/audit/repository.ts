import type { AuditAnswer } from '@remit/contracts';
import { type ChainReport, type Database, rowsOf, verifyChain } from '@remit/eventstore';
import { sql } from 'drizzle-orm';

/** How long one verification of the whole chain answers every owner's audit (it reads the whole log). */
const VERDICT_TTL_MS = 60_000;

/**
 * The owner's audit answer: the whole chain's verdict and head (one walk of the log, shared by every
 * owner for a minute), and the owner's own events in it: the events of their streams, found through the
 * `stream_owners` read model and the log's stream index, never by reading the whole log (D-353). A broken
 * link is named only when the event is on one of the owner's streams.
 */
export function auditRepository(db: Database, now: () => number = () => Date.now()) {
  let verdict: { at: number; report: Promise<ChainReport> } | null = null;

  function currentVerdict(): Promise<ChainReport> {
    if (!verdict || now() - verdict.at > VERDICT_TTL_MS) {
      const report = verifyChain(db);
      verdict = { at: now(), report };
      // A failed walk is not kept: the next request tries again.
      report.catch(() => {
        verdict = null;
      });
    }
    return verdict.report;
  }

  return {
    async audit(userId: string): Promise<AuditAnswer> {
      const report = await currentVerdict();
      const checkedAt = new Date(verdict?.at ?? now()).toISOString();
      const [yours] = rowsOf<{
        linked: string;
        pending: string;
        last_position: string | null;
        last_hash: string | null;
      }>(
        await db.execute(sql`select count(c.seq)::text as linked,
            (count(*) - count(c.seq))::text as pending,
            (array_agg(c.position::text order by c.seq desc) filter (where c.seq is not null))[1] as last_position,
            (array_agg(c.hash order by c.seq desc) filter (where c.seq is not null))[1] as last_hash
          from events e
          -- Each event's link by the chain's position index (offset 0 keeps it a lookup per event), and the
          -- owner's streams as one array read through the log's stream index: the owner's events only,
          -- whatever the planner guesses of joins it has no statistics for (the embedded store never analyses).
          left join lateral (select seq, position, hash from event_chain where position = e.position offset 0) c
            on true
          where e.stream_id = any(array(select stream_id from stream_owners where user_id = ${userId}))`),
      );
      const broken = report.broken?.found ?? null;
      const ownBroken =
        broken && (await isOwnEvent(db, userId, broken.position))
          ? { position: broken.position.toString(), streamId: broken.streamId, reason: report.broken!.reason }
          : null;
      return {
        verified: report.ok,
        head: report.head
          ? {
              link: Number(report.head.seq),
              position: report.head.position.toString(),
              hash: report.head.hash,
              linkedAt: report.head.chainedAt,
            }
          : null,
        yours: {
          linked: Number(yours?.linked ?? 0),
          pending: Number(yours?.pending ?? 0),
          lastPosition: yours?.last_position ?? null,
          lastHash: yours?.last_hash ?? null,
        },
        broken: ownBroken,
        startedAt: report.origin?.startedAt ?? null,
        checkedAt,
      };
    },
  };
}

async function isOwnEvent(db: Database, userId: string, position: bigint): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`select 1 from events e join stream_owners o on o.stream_id = e.stream_id
      where e.position = ${position.toString()}::bigint and o.user_id = ${userId}`),
  );
  return rows.length > 0;
}
