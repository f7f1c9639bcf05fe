import { readEvent, sessionStreamId, userSessionsStreamId } from '@remit/contracts';
import type { EventStore } from '@remit/eventstore';
import type { SessionCheck } from './auth.js';
import { type Clock, systemClock } from './clock.js';

/**
 * How long a session check's answer is reused by the process that made it (docs/decisions.md, "Scale out
 * (issue 18)"). An ending written by this process (sign-out, a password changed or reset) drops the
 * answers it touches at once; one written by another process is seen here within this bound.
 */
export const SESSION_CHECK_TTL_MS = 1_000;
/** At most this many answers are kept; past it the oldest go first. */
const MAX_CACHED = 10_000;

const SESSION_STREAM = sessionStreamId('');
const USER_SESSIONS_STREAM = userSessionsStreamId('');

interface CachedAnswer {
  userId: string;
  open: boolean;
  expiresAt: number;
  until: number;
}

/**
 * A session is open when its stream started for this user, has not ended and has not expired, and no
 * `SessionsEnded` of the user (a password changed or reset, "sign out of all other devices") came after
 * its start without sparing it. Read from the log itself rather than a read model — both streams in one
 * query — so an ended session is refused by every service with no projection lag (DESIGN §4). The answer
 * is reused for at most `ttlMs` (SESSION_CHECK_TTL_MS): a dashboard page or a burst of commands does
 * not read two streams per request. Only those two streams decide the answer, so an append this process
 * commits to a session's stream drops that session's answer, and one to a user's sessions stream drops
 * that user's; an answer read while such an append committed is not kept. Every other append (an
 * invoice, a payment) leaves the cache alone. The session's own expiry is checked on every use.
 */
export function sessionCheckFromLog(
  store: Pick<EventStore, 'readStreams'> & Partial<Pick<EventStore, 'onAppended'>>,
  now: Clock = systemClock,
  options: { ttlMs?: number } = {},
): SessionCheck {
  const ttlMs = Math.min(options.ttlMs ?? SESSION_CHECK_TTL_MS, 2_000);
  // By session id; the answer names the user it was read for.
  const cache = new Map<string, CachedAnswer>();
  let generation = 0;
  store.onAppended?.((_result, streamIds) => {
    for (const streamId of streamIds) {
      if (streamId.startsWith(SESSION_STREAM)) {
        generation += 1;
        cache.delete(streamId.slice(SESSION_STREAM.length));
      } else if (streamId.startsWith(USER_SESSIONS_STREAM)) {
        generation += 1;
        const userId = streamId.slice(USER_SESSIONS_STREAM.length);
        for (const [sessionId, answer] of cache) if (answer.userId === userId) cache.delete(sessionId);
      }
    }
  });

  async function readSession({ userId, sessionId }: { userId: string; sessionId: string }) {
    const streams = await store.readStreams([sessionStreamId(sessionId), userSessionsStreamId(userId)]);
    let started: { userId: string; expiresAt: string; position: bigint } | null = null;
    for (const stored of streams.get(sessionStreamId(sessionId)) ?? []) {
      const event = readEvent(stored);
      if (event.type === 'SessionEnded') return null;
      if (event.type === 'SessionStarted') started = { ...event.data, position: stored.position };
    }
    if (!started || started.userId !== userId) return null;
    const startedAt = started.position;
    const ended = (streams.get(userSessionsStreamId(userId)) ?? []).some((stored) => {
      const event = readEvent(stored);
      return (
        event.type === 'SessionsEnded' &&
        stored.position > startedAt &&
        event.data.exceptSessionId !== sessionId
      );
    });
    return ended ? null : new Date(started.expiresAt).getTime();
  }

  // Reads under way, by session id: a check that comes while one runs takes its answer instead of reading
  // the same two streams again (when a cached answer ends, every request in flight for that session
  // would otherwise read them at once), but only one begun for the same user with no session ending
  // written here since (the same generation): an ending this process wrote is never answered from a
  // read that began before it.
  const reading = new Map<
    string,
    { userId: string; generation: number; expiresAt: Promise<number | null> }
  >();

  function sharedRead(context: { userId: string; sessionId: string }, at: number) {
    const running = reading.get(context.sessionId);
    if (running && running.generation === at && running.userId === context.userId) return running.expiresAt;
    const read = { userId: context.userId, generation: at, expiresAt: readSession(context) };
    reading.set(context.sessionId, read);
    const done = () => {
      if (reading.get(context.sessionId) === read) reading.delete(context.sessionId);
    };
    read.expiresAt.then(done, done);
    return read.expiresAt;
  }

  return async (context) => {
    const clock = Date.now();
    const cached = ttlMs > 0 ? cache.get(context.sessionId) : undefined;
    if (cached && cached.until > clock && cached.userId === context.userId) {
      return cached.open && cached.expiresAt > now().getTime();
    }
    const before = generation;
    const expiresAt = await sharedRead(context, before);
    const open = expiresAt !== null && expiresAt > now().getTime();
    if (ttlMs > 0 && generation === before) {
      cache.delete(context.sessionId);
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
      cache.set(context.sessionId, {
        userId: context.userId,
        open: expiresAt !== null,
        expiresAt: expiresAt ?? 0,
        until: clock + ttlMs,
      });
    }
    return open;
  };
}
