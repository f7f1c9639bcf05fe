import { readEvent, sessionStreamId, userSessionsStreamId } from '@remit/contracts';
import type { EventStore } from '@remit/eventstore';
import type { SessionCheck } from './auth.js';
import { type Clock, systemClock } from './clock.js';

/**
 * A session is open when its stream started for this user, has not ended and has not expired, and no
 * `SessionsEnded` of the user (a password changed or reset, "sign out of all other devices") came after
 * its start without sparing it. Read from the log itself rather than a read model — both streams in one
 * query — so an ended session is refused by every service at once, with no projection lag (DESIGN §4).
 */
export function sessionCheckFromLog(
  store: Pick<EventStore, 'readStreams'>,
  now: Clock = systemClock,
): SessionCheck {
  return async ({ userId, sessionId }) => {
    const streams = await store.readStreams([sessionStreamId(sessionId), userSessionsStreamId(userId)]);
    let started: { userId: string; expiresAt: string; position: bigint } | null = null;
    for (const stored of streams.get(sessionStreamId(sessionId)) ?? []) {
      const event = readEvent(stored);
      if (event.type === 'SessionEnded') return false;
      if (event.type === 'SessionStarted') started = { ...event.data, position: stored.position };
    }
    if (!started || started.userId !== userId || new Date(started.expiresAt) <= now()) return false;
    const startedAt = started.position;
    return !(streams.get(userSessionsStreamId(userId)) ?? []).some((stored) => {
      const event = readEvent(stored);
      return (
        event.type === 'SessionsEnded' &&
        stored.position > startedAt &&
        event.data.exceptSessionId !== sessionId
      );
    });
  };
}
