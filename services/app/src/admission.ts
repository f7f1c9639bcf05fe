import { AppError, type Logger } from '@remit/kit';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export interface AdmissionSettings {
  /** Requests served at once; 0 turns admission control off. */
  concurrency: number;
  /** Requests that may wait for a turn; one more is refused at once. */
  queue: number;
  /** How long a request may wait for its turn before it is refused. */
  waitMs: number;
  /** Sent as `Retry-After` with a refusal. */
  retryAfterSeconds: number;
}

export interface Admission {
  handler: RequestHandler;
  /** Served now, waiting, and refused since start (health, tests). */
  stats(): { running: number; queued: number; shed: number };
}

interface Waiting {
  admit: () => void;
  timer: NodeJS.Timeout;
}

/**
 * Admission control in front of the embedded store. PGlite is one connection: every query of every
 * request waits its turn on it, so under a flood every request gets slower together and none fails
 * until they time out after tens of seconds. Here at most `concurrency` API requests are served at
 * once, `queue` more wait in order for at most `waitMs`, and the rest are refused at once with
 * 503 `{ code: 'overloaded' }` and `Retry-After`. A refusal happens before the request is read or
 * authenticated, so a refused command changes nothing: no event, no claimed Idempotency-Key, and the
 * same request with the same key is simply new when retried.
 */
export function createAdmission(settings: AdmissionSettings, logger: Logger): Admission {
  let running = 0;
  let shed = 0;
  const waiting: Waiting[] = [];

  const refuse = (next: NextFunction, why: 'queue_full' | 'waited_too_long') => {
    shed += 1;
    logger.debug({ why, running, queued: waiting.length, shed }, 'request shed');
    next(
      new AppError('unavailable', 'Remit is busy right now. Please try again in a moment.', {
        reason: 'overloaded',
        retryAfterSeconds: settings.retryAfterSeconds,
      }),
    );
  };

  const release = () => {
    running -= 1;
    const turn = waiting.shift();
    if (turn) {
      clearTimeout(turn.timer);
      turn.admit();
    }
  };

  const handler: RequestHandler = (_req: Request, res: Response, next: NextFunction) => {
    if (settings.concurrency <= 0) {
      next();
      return;
    }
    const start = () => {
      running += 1;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        release();
      };
      res.once('finish', finish);
      res.once('close', finish);
      next();
    };
    if (running < settings.concurrency && waiting.length === 0) {
      start();
      return;
    }
    if (waiting.length >= settings.queue) {
      refuse(next, 'queue_full');
      return;
    }
    const entry: Waiting = {
      admit: () => {
        res.off('close', gone);
        start();
      },
      timer: setTimeout(() => {
        const at = waiting.indexOf(entry);
        if (at >= 0) waiting.splice(at, 1);
        res.off('close', gone);
        refuse(next, 'waited_too_long');
      }, settings.waitMs),
    };
    // A client that gives up while waiting leaves the queue.
    const gone = () => {
      const at = waiting.indexOf(entry);
      if (at >= 0) {
        waiting.splice(at, 1);
        clearTimeout(entry.timer);
      }
    };
    res.once('close', gone);
    waiting.push(entry);
  };

  return { handler, stats: () => ({ running, queued: waiting.length, shed }) };
}
