import type { EventStore, OpenDatabase } from '@remit/eventstore';
import type { Router } from 'express';
import { authenticate, type TokenService } from './auth.js';
import type { TrustProxy } from './config.js';
import { healthRoute, liveRoute } from './health.js';
import { apiNotFound, createHttpApp, errorHandler } from './http.js';
import { PROJECTOR_LOCK } from './leadership.js';
import type { Logger } from './logger.js';
import { closeServer, exitOnSignal, listen } from './server.js';
import { sessionCheckFromLog } from './sessions.js';

/**
 * Runs one service on its own (production: command, query and projector as separate processes):
 * the shared HTTP app, health, authentication, the service's routes under /api, and a clean stop
 * on SIGTERM that closes the server first and the database last.
 */
export async function serveApi(options: {
  name: string;
  host: string;
  port: number;
  logger: Logger;
  database: OpenDatabase;
  store: EventStore;
  /** Projections whose lag the health check reports. */
  projections: string[];
  /** The projector's: whether this process leads (health reports it beside who leads). */
  leading?: () => boolean;
  /** Absent for a service that takes no signed-in requests (the projector). */
  tokens?: TokenService;
  router?: Router;
  /** Pages outside `/api` (the query side's customer page). */
  pages?: Router;
  trustProxy: TrustProxy;
  close(): Promise<void>;
}): Promise<void> {
  const { logger, database, store } = options;
  const app = createHttpApp({ logger, trustProxy: options.trustProxy });
  app.get('/api/health/live', liveRoute(options.name));
  app.get(
    '/api/health',
    healthRoute({
      db: database.db,
      service: options.name,
      projections: options.projections,
      projectorLeader: () => database.lockHolder(PROJECTOR_LOCK),
      ...(options.leading ? { leading: options.leading } : {}),
    }),
  );
  if (options.tokens) app.use('/api', authenticate(options.tokens, sessionCheckFromLog(store)));
  if (options.router) app.use('/api', options.router);
  app.use('/api', apiNotFound);
  if (options.pages) app.use(options.pages);
  app.use(errorHandler);
  const server = await listen(app, options.host, options.port);
  logger.info({ port: options.port, store: database.kind }, `${options.name} service listening`);
  exitOnSignal(logger, async () => {
    await closeServer(server);
    await options.close();
    await store.close();
    await database.close();
  });
}
