import pg from 'pg';
import type { Unlisten } from './database.js';
import type { EventStoreLogger } from './logger.js';

const RECONNECT_DELAY_MS = 1_000;

type Callback = (payload: string) => void;

/**
 * LISTEN needs a session of its own: a pooled client would drop the subscription when returned.
 * Connected on first use and reconnected after a failure; subscribers also poll, so notifications
 * lost meanwhile only delay them.
 */
export function createNotificationListener(connection: pg.ClientConfig, logger: EventStoreLogger) {
  const callbacks = new Map<string, Set<Callback>>();
  let client: Promise<pg.Client> | undefined;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client(connection);
    next.on('notification', (message) => {
      for (const callback of callbacks.get(message.channel) ?? []) callback(message.payload ?? '');
    });
    next.on('error', (error) => {
      logger.warn({ err: error }, 'LISTEN connection failed; reconnecting');
      client = undefined;
      next.end().catch(() => {});
      scheduleReconnect();
    });
    await next.connect();
    for (const channel of callbacks.keys()) await next.query(`listen ${channel}`);
    return next;
  }

  function scheduleReconnect() {
    if (closed || reconnectTimer || callbacks.size === 0) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      currentClient().catch((error: unknown) => {
        logger.warn({ err: error }, 'LISTEN reconnect failed');
        client = undefined;
        scheduleReconnect();
      });
    }, RECONNECT_DELAY_MS);
    reconnectTimer.unref();
  }

  function currentClient(): Promise<pg.Client> {
    client ??= connect();
    return client;
  }

  async function listen(channel: string, callback: Callback): Promise<Unlisten> {
    const isNew = !callbacks.has(channel);
    const set = callbacks.get(channel) ?? new Set();
    set.add(callback);
    callbacks.set(channel, set);
    const connected = await currentClient();
    if (isNew) await connected.query(`listen ${channel}`);
    return async () => {
      set.delete(callback);
      if (set.size > 0 || closed) return;
      callbacks.delete(channel);
      await (await currentClient()).query(`unlisten ${channel}`);
    };
  }

  async function close(): Promise<void> {
    closed = true;
    clearTimeout(reconnectTimer);
    const current = client;
    client = undefined;
    if (current) await (await current).end();
  }

  return { listen, close };
}
