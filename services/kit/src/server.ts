import { once } from 'node:events';
import type { Server } from 'node:http';
import type { Express } from 'express';
import type { Logger } from './logger.js';

export async function listen(app: Express, host: string, port: number): Promise<Server> {
  const server = app.listen(port, host);
  await once(server, 'listening');
  // Keep-alive sockets would hold a graceful shutdown open until they time out.
  server.keepAliveTimeout = 5_000;
  return server;
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
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
