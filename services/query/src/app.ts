import type { Database, EventStore } from '@remit/eventstore';
import { type Projection, projectionsHaveApplied } from '@remit/projector';
import { Router } from 'express';
import { authQueryRoutes } from './auth/routes.js';
import { billingQueryRoutes } from './billing/routes.js';
import type { QueryConfig } from './config.js';
import { waitForPosition } from './consistency.js';
import { customerQueryRoutes } from './customers/routes.js';
import { invoiceQueryRoutes } from './invoices/routes.js';
import { closeRenderer, configureRenderer } from './pdf/index.js';
import { profileQueryRoutes } from './profile/routes.js';
import { settingsQueryRoutes } from './settings/routes.js';
import { templateRoutes } from './templates/routes.js';

export interface QueryServiceDeps {
  config: QueryConfig;
  db: Database;
  store: EventStore;
  projections: Projection[];
}

/** The read side (DESIGN §1): the API's GET calls, answered from read models only. */
export function createQueryService(deps: QueryServiceDeps): { router: Router; close(): Promise<void> } {
  configureRenderer({ size: deps.config.pdf.workers, maxWorkerRssBytes: deps.config.pdf.maxWorkerRssBytes });
  const router = Router();
  router.use(waitForPosition((position) => projectionsHaveApplied(deps.store, deps.projections, position)));
  router.use(authQueryRoutes({ db: deps.db, googleConfigured: deps.config.googleConfigured }));
  router.use(billingQueryRoutes({ db: deps.db }));
  router.use(invoiceQueryRoutes({ db: deps.db, store: deps.store }));
  router.use(customerQueryRoutes({ db: deps.db }));
  router.use(settingsQueryRoutes({ db: deps.db }));
  router.use(profileQueryRoutes({ db: deps.db }));
  router.use(templateRoutes({ db: deps.db }));
  return { router, close: closeRenderer };
}
