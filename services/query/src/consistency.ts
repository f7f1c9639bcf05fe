import { POSITION_HEADER } from '@remit/contracts';
import type { RequestHandler } from 'express';

const MAX_WAIT_MS = 2_000;
const POLL_MS = 15;

/**
 * Read-your-writes (DESIGN §1): a query that carries `X-Remit-Position` waits, up to 2 s, until every
 * read model has applied that position. If they have not by then, it answers from what is there and
 * says so in `X-Remit-Stale`, rather than failing the screen.
 */
export function waitForPosition(hasApplied: (position: bigint) => Promise<boolean>): RequestHandler {
  return async (req, res, next) => {
    const header = req.get(POSITION_HEADER);
    if (!header || !/^\d{1,19}$/.test(header)) return next();
    const position = BigInt(header);
    const deadline = Date.now() + MAX_WAIT_MS;
    while (!(await hasApplied(position))) {
      if (Date.now() >= deadline) {
        res.setHeader('X-Remit-Stale', 'true');
        return next();
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    next();
  };
}
