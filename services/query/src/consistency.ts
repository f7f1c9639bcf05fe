import { POSITION_HEADER } from '@remit/contracts';
import { AppError } from '@remit/kit';
import type { RequestHandler } from 'express';

const POLL_MS = 15;
/** PostgreSQL's bigint, the type of a log position. */
const MAX_POSITION = 2n ** 63n - 1n;

const positionMessages = {
  invalid: 'X-Remit-Position must be a log position: a whole number from the answer of a command',
} as const;

export interface ConsistencyDeps {
  /** Whether every read model has applied the event at this position. */
  hasApplied(position: bigint): Promise<boolean>;
  /** The newest position in the log: no read model can ever apply a position past it. */
  head(): Promise<bigint>;
  /** READ_YOUR_WRITES_WAIT_MS: how long a request may wait (2 s by default). */
  maxWaitMs: number;
  /**
   * When the read models may have moved: `mark()` before a look, then `after(mark, timeoutMs)` resolves
   * once a projector in this process has committed a batch since the mark (at once if one has), or
   * after `timeoutMs` (a projector elsewhere is polled). Without it, a look every `timeoutMs`.
   */
  moved?: { mark(): number; after(mark: number, timeoutMs: number): Promise<void> } | undefined;
}

/** The header's position; null when absent; 400 when it is not a position at all. */
function positionOf(header: string | undefined): bigint | null {
  if (header === undefined) return null;
  const position = /^\d{1,19}$/.test(header) ? BigInt(header) : null;
  if (position === null || position > MAX_POSITION) {
    throw new AppError('validation', positionMessages.invalid, { reason: 'invalid_position' });
  }
  return position;
}

/**
 * Read-your-writes (DESIGN §1): a signed-in person's query that carries `X-Remit-Position` waits, up to
 * `READ_YOUR_WRITES_WAIT_MS` (2 s), until every read model has applied that position; if they have not by then, it answers from what
 * is there and says so in `X-Remit-Stale`, rather than failing the screen.
 *
 * A projector in the same process (the all-in-one app) wakes the waiters as it commits a batch, so the
 * answer leaves as soon as the position is applied; one in another process is polled every 15 ms.
 *
 * Only a wait that can end is granted: an anonymous request, or a position past the log's head (which
 * no read model will ever reach), answers at once. Otherwise anyone could hold every request for 2 s
 * with a huge number. Waiters for one position share one poll, so many waiting requests cost the
 * database what one does.
 */
export function waitForPosition(deps: ConsistencyDeps): RequestHandler {
  const polls = new Map<bigint, Promise<boolean>>();

  /** Looks again after each batch committed since `mark` (taken before the look that said no). */
  async function poll(position: bigint, mark: number): Promise<boolean> {
    const deadline = Date.now() + deps.maxWaitMs;
    let seen = mark;
    while (Date.now() < deadline) {
      if (deps.moved) {
        await deps.moved.after(seen, POLL_MS);
        seen = deps.moved.mark();
      } else {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      if (await deps.hasApplied(position)) return true;
    }
    return false;
  }

  function applied(position: bigint, mark: number): Promise<boolean> {
    let waiting = polls.get(position);
    if (!waiting) {
      waiting = poll(position, mark).finally(() => polls.delete(position));
      polls.set(position, waiting);
    }
    return waiting;
  }

  return async (req, res, next) => {
    const position = positionOf(req.get(POSITION_HEADER));
    if (position === null || !req.auth) return next();
    // Before the look: a batch committed while it runs must not leave the request waiting a poll period.
    const mark = deps.moved?.mark() ?? 0;
    if (await deps.hasApplied(position)) return next();
    if (position > (await deps.head())) return next();
    if (!(await applied(position, mark))) res.setHeader('X-Remit-Stale', 'true');
    next();
  };
}
