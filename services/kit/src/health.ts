import { type Database, isDatabaseUnavailable, unavailableReason } from '@remit/eventstore';
import { sql } from 'drizzle-orm';
import type { RequestHandler } from 'express';
import { DATABASE_RETRY_AFTER_SECONDS } from './http.js';

const rowsOf = <Row>(result: unknown): Row[] =>
  Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);

/**
 * How far each named projection trails the log, in events. Reads the checkpoints table directly so a
 * separate query service can report the projector's lag.
 */
export async function projectorLag(db: Database, names: string[]): Promise<Record<string, number>> {
  const lag: Record<string, number> = {};
  for (const name of names) {
    const [row] = rowsOf<{ behind: string | number }>(
      await db.execute(sql`
        with cp as (
          select coalesce((select tx_id from checkpoints where name = ${name}), '0'::xid8) as tx_id,
                 coalesce((select position from checkpoints where name = ${name}), 0) as position)
        select count(*) as behind from events e, cp where (e.tx_id, e.position) > (cp.tx_id, cp.position)`),
    );
    lag[name] = Number(row?.behind ?? 0);
  }
  return lag;
}

/** The newest global position in the log (0 when it is empty). */
export async function logHead(db: Database): Promise<bigint> {
  const [row] = rowsOf<{ head: string | number | bigint }>(
    await db.execute(sql`select coalesce(max(position), 0)::text as head from events`),
  );
  return BigInt(row?.head ?? 0);
}

/**
 * `GET /api/health/live`: 200 while this process serves HTTP, without asking the database. The proxy's
 * active health check (infra/Caddyfile) takes a replica out of rotation when this stops answering (killed,
 * restarting, hung) and back when it answers again; a database outage is not a reason to take every
 * replica out, since each answers its own 503 with Retry-After then.
 */
export function liveRoute(service: string): RequestHandler {
  return (_req, res) => {
    res.setHeader('Cache-Control', 'no-store').json({ status: 'ok', service });
  };
}

/** `GET /api/health`: 200 when the store answers, 503 when it does not; the projector's lag either way. */
export function healthRoute(options: {
  db: Database;
  service: string;
  projections: string[];
  /** Who leads the projectors (services on a shared database); absent where one process does it all. */
  projectorLeader?: () => Promise<string | null>;
  /** Whether this process is the projector that leads (the projector service itself). */
  leading?: () => boolean;
}): RequestHandler {
  return async (req, res) => {
    try {
      await options.db.execute(sql`select 1`);
      const lag = await projectorLag(options.db, options.projections);
      const leader = options.projectorLeader ? { projectorLeader: await options.projectorLeader() } : {};
      const leading = options.leading ? { leading: options.leading() } : {};
      res.json({
        status: 'ok',
        service: options.service,
        store: 'ok',
        projectorLag: lag,
        ...leader,
        ...leading,
      });
    } catch (error) {
      req.log.warn({ err: error, reason: unavailableReason(error) }, 'health check failed');
      res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      res.status(503).json({
        status: 'unavailable',
        service: options.service,
        store: 'unreachable',
        reason: isDatabaseUnavailable(error) ? 'database_unavailable' : 'database_error',
      });
    }
  };
}
