import { once } from 'node:events';
import type { Server } from 'node:http';
import type { Express } from 'express';
import type { Logger } from './logger.js';

export async function listen(app: Express, host: string, port: number): Promise<Server> {
  const server = app.listen(port, host);
  await once(server, 'listening');
  keepConnectionsLongerThanClients(server);
  return server;
}

/**
 * An idle keep-alive connection is closed by the server only after its clients and proxies would have
 * closed it themselves (Caddy keeps an upstream connection 2 min, most HTTP clients less). When the
 * server closes first, a client that picked that connection for its next request in the same instant
 * gets ECONNRESET (Node's 5 s default did that to a browser test). 65 s is the usual choice behind a
 * load balancer; the request headers may take a moment longer.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function keepConnectionsLongerThanClients(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}

/** How often a closing server looks for connections that became idle (their last answer sent). */
const CLOSE_SWEEP_MS = 50;

/**
 * Stops taking connections and ends each open one as soon as it is idle: a keep-alive connection busy
 * with a request when the server closes would otherwise stay open for the whole keep-alive timeout.
 */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    const sweep = setInterval(() => server.closeIdleConnections(), CLOSE_SWEEP_MS);
    server.close((error) => {
      clearInterval(sweep);
      if (error) reject(error);
      else resolve();
    });
    server.closeIdleConnections();
  });
}

/**
 * On SIGTERM or SIGINT: stop taking requests, let those in flight finish, then run the shutdown steps
 * in order (projector, mail, database). A second signal, or 10 s, forces the exit.
 */
export function exitOnSignal(logger: Logger, shutdown: () => Promise<void>): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn({ signal }, 'forced exit');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    shutdown().then(
      () => {
        logger.info('stopped cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
