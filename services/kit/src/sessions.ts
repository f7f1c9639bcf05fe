import { sessionStreamId } from '@remit/contracts';
import type { StoredEvent } from '@remit/eventstore';
import type { SessionCheck } from './auth.js';

interface StreamReader {
  readStream(streamId: string): Promise<StoredEvent[]>;
}

/**
 * A session is open when its stream started for this user, has not ended and has not expired.
 * Read from the log itself rather than a read model, so a sign-out is refused by every service at
 * once, with no projection lag (DESIGN §4).
 */
export function sessionCheckFromLog(store: StreamReader, now: () => Date = () => new Date()): SessionCheck {
  return async ({ userId, sessionId }) => {
    const events = await store.readStream(sessionStreamId(sessionId));
    const started = events.find((event) => event.type === 'SessionStarted');
    if (!started || events.some((event) => event.type === 'SessionEnded')) return false;
    const data = started.data as { userId: string; expiresAt: string };
    return data.userId === userId && new Date(data.expiresAt) > now();
  };
}
