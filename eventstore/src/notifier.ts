import type { EventStoreLogger } from './logger.js';

/**
 * Wakes other processes' subscriptions after an append has committed, outside the append's own
 * transaction: PostgreSQL serialises the commits of transactions that NOTIFY (one lock held through the
 * commit's WAL flush), which capped concurrent appends at about one per flush. Here at most one NOTIFY
 * per channel is in flight; appends that commit meanwhile are covered by one more sent after it, so
 * every append is followed by a NOTIFY that started after its commit, and a busy writer sends far
 * fewer than one per append. A NOTIFY lost (a crash right after commit) costs a listener one poll
 * interval, never an event.
 */
export function createNotifier(send: (channel: string) => Promise<unknown>, logger: EventStoreLogger) {
  const channels = new Map<string, { inFlight: boolean; again: boolean }>();
  const idle: (() => void)[] = [];

  function run(channel: string, state: { inFlight: boolean; again: boolean }): void {
    state.inFlight = true;
    state.again = false;
    send(channel)
      .catch((error: unknown) => logger.warn({ err: error, channel }, 'NOTIFY after append failed'))
      .finally(() => {
        state.inFlight = false;
        if (state.again) run(channel, state);
        else if ([...channels.values()].every((each) => !each.inFlight)) {
          for (const resolve of idle.splice(0)) resolve();
        }
      });
  }

  return {
    notify(channel: string): void {
      let state = channels.get(channel);
      if (!state) {
        state = { inFlight: false, again: false };
        channels.set(channel, state);
      }
      if (state.inFlight) state.again = true;
      else run(channel, state);
    },
    /** Resolves once no NOTIFY is in flight (before closing the pool). */
    settled(): Promise<void> {
      if ([...channels.values()].every((state) => !state.inFlight)) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}
