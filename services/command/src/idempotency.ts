import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER, POSITION_HEADER } from '@remit/contracts';
import { ConcurrencyError, type EventStore, type StoredEvent } from '@remit/eventstore';
import { AppError } from '@remit/kit';
import type { RequestHandler, Response } from 'express';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

interface CommandAnswered {
  status: number;
  body: unknown;
}

const inProgress = () =>
  new AppError('conflict', 'This request is already being processed', { reason: 'in_progress' });

/**
 * Applies a command at most once per `Idempotency-Key` (DESIGN §3, §7). The key owns the stream
 * `command-{hash(user, key)}`: `CommandReceived` reserves it, the first answer is recorded as
 * `CommandAnswered` and replayed for every repeat, which appends nothing. A server error is recorded
 * as `CommandAbandoned` instead, so the same key may try again. The offline outbox relies on this.
 */
export function idempotency(store: EventStore): RequestHandler {
  return async (req, res, next) => {
    const key = req.get(IDEMPOTENCY_HEADER);
    if (key === undefined) return next();
    if (!KEY_PATTERN.test(key)) {
      return next(new AppError('validation', 'Idempotency-Key must be 8 to 128 letters, digits or -_.:'));
    }
    const owner = req.auth?.userId ?? 'anonymous';
    const streamId = `command-${createHash('sha256').update(`${owner}\n${key}`).digest('hex')}`;
    const fingerprint = createHash('sha256')
      .update(`${req.method} ${req.path}\n${JSON.stringify(req.body ?? null)}`)
      .digest('hex');
    const metadata = { userId: req.auth?.userId ?? null, commandId: key, client: 'web' as const };

    const recorded = await store.readStream(streamId);
    const last = recorded.at(-1);
    if (last && last.type !== 'CommandAbandoned') return replay(recorded, fingerprint, res, next);

    try {
      await store.append(
        streamId,
        [{ type: 'CommandReceived', data: { fingerprint, method: req.method, path: req.path }, metadata }],
        { expectedVersion: recorded.length === 0 ? 'no_stream' : recorded.length },
      );
    } catch (error) {
      return next(error instanceof ConcurrencyError ? inProgress() : error);
    }

    // Record the answer before it leaves, so a retry arriving right after finds it.
    const send = res.json.bind(res);
    res.json = (body: unknown) => {
      const event =
        res.statusCode >= 500
          ? { type: 'CommandAbandoned', data: { status: res.statusCode }, metadata }
          : {
              type: 'CommandAnswered',
              data: { status: res.statusCode, body } satisfies CommandAnswered,
              metadata,
            };
      store
        .append(streamId, [event], { expectedVersion: recorded.length + 1 })
        .catch((error: unknown) => req.log.error({ err: error }, 'could not record the idempotent answer'))
        .finally(() => send(body));
      return res;
    };
    next();
  };
}

function replay(
  recorded: StoredEvent[],
  fingerprint: string,
  res: Response,
  next: (error?: unknown) => void,
) {
  const received = recorded.findLast((event) => event.type === 'CommandReceived')?.data as {
    fingerprint: string;
  };
  if (received.fingerprint !== fingerprint) {
    return next(
      new AppError('validation', 'This Idempotency-Key was already used for a different request', {
        reason: 'idempotency_key_reused',
      }),
    );
  }
  const answered = recorded.findLast((event) => event.type === 'CommandAnswered')?.data as
    | CommandAnswered
    | undefined;
  if (!answered) return next(inProgress());
  const position = (answered.body as { position?: unknown } | null)?.position;
  if (typeof position === 'string') res.setHeader(POSITION_HEADER, position);
  res.setHeader('Idempotent-Replayed', 'true');
  res.status(answered.status).json(answered.body);
}
