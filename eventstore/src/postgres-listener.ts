import pg from 'pg';
import type { Unlisten } from './database.js';
import type { EventStoreLogger } from './logger.js';

const RECONNECT_DELAY_MS = 1_000;

type Callback = (payload: string) => void;

/**
 * LISTEN needs a session of its own: a pooled client would drop the subscription when returned.
 * Connected on first use and reconnected, every second, after any failure (the database restarting, a
 * network blip, a first connect that did not succeed). Notifications sent while disconnected are lost,
 * so after reconnecting every callback is called once with an empty payload: "look for yourself".
 */
export function createNotificationListener(connection: pg.ClientConfig, logger: EventStoreLogger) {
  const callbacks = new Map<string, Set<Callback>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  function connect(): Promise<pg.Client> {
    connecting ??= (async () => {
      const next = new pg.Client(connection);
      next.on('notification', (message) => {
        for (const callback of callbacks.get(message.channel) ?? []) callback(message.payload ?? '');
      });
      next.on('error', (error) => lose(next, error));
      next.on('end', () => lose(next, null));
      try {
        await next.connect();
        for (const channel of callbacks.keys()) await next.query(`listen ${channel}`);
      } catch (error) {
        next.removeAllListeners('end');
        next.end().catch(() => {});
        throw error;
      } finally {
        connecting = undefined;
      }
      client = next;
      return next;
    })();
    return connecting;
  }

  function lose(lost: pg.Client, error: Error | null): void {
    // A client that failed while connecting is handled by connect()'s own catch.
    if (client !== lost) return;
    client = undefined;
    lost.removeAllListeners('end');
    lost.end().catch(() => {});
    if (closed) return;
    logger.warn({ err: error ?? undefined }, 'LISTEN connection lost; reconnecting');
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (closed || reconnectTimer || client || callbacks.size === 0) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect().then(
        () => {
          logger.info({ channels: [...callbacks.keys()] }, 'LISTEN connection restored');
          for (const set of callbacks.values()) for (const callback of set) callback('');
        },
        (error: unknown) => {
          logger.warn({ err: error }, 'LISTEN reconnect failed; trying again');
          scheduleReconnect();
        },
      );
    }, RECONNECT_DELAY_MS);
    reconnectTimer.unref();
  }

  async function listen(channel: string, callback: Callback): Promise<Unlisten> {
    const isNew = !callbacks.has(channel);
    const set = callbacks.get(channel) ?? new Set();
    set.add(callback);
    callbacks.set(channel, set);
    try {
      const connected = client ?? (await connect());
      // LISTEN twice is harmless; a connection made just now may have missed a channel added meanwhile.
      if (isNew) await connected.query(`listen ${channel}`);
    } catch (error) {
      // Keep the callback: the channel is listened on once a connection succeeds.
      scheduleReconnect();
      throw error;
    }
    return async () => {
      set.delete(callback);
      if (set.size > 0 || closed) return;
      callbacks.delete(channel);
      // A lost connection listens to nothing; the next one will not listen on this channel.
      await client?.query(`unlisten ${channel}`).catch(() => {});
    };
  }

  async function close(): Promise<void> {
    closed = true;
    clearTimeout(reconnectTimer);
    await connecting?.catch(() => undefined);
    const current = client;
    client = undefined;
    if (current) {
      current.removeAllListeners('end');
      await current.end().catch(() => {});
    }
  }

  return { listen, close };
}
