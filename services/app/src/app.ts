import { timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { type AuthRateLimits, createCommandService } from '@remit/command';
import { createEventStore, holdClaims, type OpenDatabase, verifyChain } from '@remit/eventstore';
import {
  AppError,
  apiNotFound,
  authenticate,
  type Clock,
  createHttpApp,
  createMailer,
  createTokenService,
  errorHandler,
  healthRoute,
  type Logger,
  liveRoute,
  resolveJwtSecret,
  sessionCheckFromLog,
  systemClock,
} from '@remit/kit';
import {
  type CollectionClock,
  type Projector,
  projections,
  replayProjections,
  startCollectionClock,
  startProjector,
} from '@remit/projector';
import { createQueryService } from '@remit/query';
import compression from 'compression';
import type { Express, RequestHandler, Response } from 'express';
import { type Admission, createAdmission } from './admission.js';
import type { AppConfig } from './config.js';
import { exportEmbeddedLogInPages } from './event-log-file.js';
import { chainReportJson, readChainLink } from './verify-report.js';
import { webApp } from './web.js';

export interface RemitApp {
  app: Express;
  /** Resolves when the read models have applied everything committed so far (tests, start-up). */
  caughtUp(): Promise<void>;
  /** Resolves when the work requests started after answering (account e-mails, their events) is done. */
  settled(): Promise<void>;
  /** The time process (overdue, reminders, owner notifications): ticks on its timer, or when a test asks. */
  collectionClock: CollectionClock;
  close(): Promise<void>;
  /** Admission control in front of the embedded store, when it is on. */
  admission?: Admission;
}

/**
 * Command side, projector, query side and the PWA in one process (DESIGN §1: the zero-config default).
 * The database must be open and migrated.
 */
export async function createRemitApp(options: {
  config: AppConfig;
  database: OpenDatabase;
  logger: Logger;
  rateLimits?: AuthRateLimits;
  /** The one clock (kit's `Clock`) for every side, the time process included; tests set it. */
  now?: Clock;
  webDist?: string;
  /** Enables `POST /api/internal/replay` from this machine for `npm run replay` (see server-file.ts). */
  adminToken?: string;
  /** The projector starts once this resolves: tests hold the read side back to see what a lag does. */
  projectorStartsAfter?: Promise<void>;
}): Promise<RemitApp> {
  const { config, database, logger } = options;
  const store = createEventStore(database, { logger });
  const now = options.now ?? systemClock;
  const jwtSecret = await resolveJwtSecret(config.command.jwtSecret, config.command.dataDir);
  const tokens = createTokenService(jwtSecret, config.command.sessionTtlSeconds);
  let projector: Projector | null = null;
  let closing = false;
  const startProjecting = () => {
    if (!closing) projector = startProjector({ store, projections, logger });
  };
  if (options.projectorStartsAfter) void options.projectorStartsAfter.then(startProjecting);
  else startProjecting();
  // A retry that finds a claim of this process after it died takes it over at once (claim-holder.ts).
  const claims = holdClaims(database, logger);
  await claims.ready;
  const collectionClock = startCollectionClock({
    store,
    clock: now,
    mailer: createMailer(
      {
        smtpUrl: config.command.smtpUrl,
        from: config.command.mailFrom,
        outboxDir: `${config.command.dataDir}/outbox`,
      },
      logger,
    ),
    logger,
    appUrl: config.command.appUrl,
    intervalMs: config.reminderTickMs,
  });
  const query = createQueryService({
    config: config.query,
    db: database.db,
    store,
    now,
    // The command service is made just below; a view is only recorded once a request comes in.
    recordView: (invoiceId, userId) => command.recordView(invoiceId, userId),
  });
  // One process holds both sides: a send attaches the query side's PDF (docs/decisions.md, "Getting paid").
  const command = createCommandService({
    config: config.command,
    store,
    tokens,
    jwtSecret,
    logger,
    invoicePdf: query.invoicePdf,
    creditNotePdf: query.creditNotePdf,
    quotePdf: query.quotePdf,
    assertInvoiceOpen: query.assertInvoiceOpen,
    claims,
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
    now,
  });
  // The recurring jobs need both sides (the invoice's issue and its PDF): registered once both exist.
  for (const job of command.recurringJobs) collectionClock.register(job);

  const app = createHttpApp({ logger, trustProxy: config.command.trustProxy });
  // JSON answers and index.html compressed per request (brotli or gzip); the built files come
  // precompressed (web.ts), so this skips them.
  app.use(compression());
  app.get('/api/health/live', liveRoute('all-in-one'));
  app.get(
    '/api/health',
    healthRoute({ db: database.db, service: 'all-in-one', projections: projections.map((p) => p.name) }),
  );
  if (options.adminToken) {
    const onlyTools = localToolsOnly(options.adminToken);
    app.post('/api/internal/replay', onlyTools, async (_req, res) => {
      res.json({ reports: await replayProjections(database.db, projections) });
    });
    app.get('/api/internal/export', onlyTools, exportRoute(database, logger));
    app.post('/api/internal/verify', onlyTools, async (req, res) => {
      const seq =
        typeof req.query.link === 'string' && /^\d{1,18}$/.test(req.query.link)
          ? BigInt(req.query.link)
          : null;
      const report = chainReportJson(await verifyChain(database.db));
      res.json({ report, link: seq === null ? null : await readChainLink(database.db, seq) });
    });
  }
  // The embedded store is one connection: past what it can serve, refuse at once rather than let
  // every request wait (admission.ts). PostgreSQL's pool and replicas are the answer there.
  const admission =
    database.kind === 'pglite' && config.admission.concurrency > 0
      ? createAdmission(config.admission, logger)
      : undefined;
  if (admission) app.use('/api', admission.handler);
  app.use('/api', authenticate(tokens, sessionCheckFromLog(store, now)));
  app.use('/api', command.router);
  app.use('/api', query.router);
  app.use('/api', apiNotFound);
  app.use(query.pages);
  app.use(webApp(options.webDist));
  app.use(errorHandler);

  return {
    app,
    ...(admission ? { admission } : {}),
    caughtUp: async () => projector?.caughtUp(),
    settled: () => command.settled(),
    collectionClock,
    close: async () => {
      closing = true;
      await collectionClock.stop();
      await projector?.stop();
      await command.close();
      await claims.stop();
      await query.close();
      await store.close();
    },
  };
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The routes `npm run replay` and `npm run export` reach a running embedded server by (server-file.ts):
 * from this machine, with the per-start token the server wrote into DATA_DIR; to anyone else they do
 * not exist.
 */
function localToolsOnly(adminToken: string): RequestHandler {
  const expected = Buffer.from(adminToken);
  return (req, _res, next) => {
    const given = Buffer.from(req.get('x-remit-admin-token') ?? '');
    const allowed =
      LOOPBACK.has(req.socket.remoteAddress ?? '') &&
      given.length === expected.length &&
      timingSafeEqual(given, expected);
    if (!allowed) throw new AppError('not_found', `No such endpoint: ${req.method} ${req.path}`);
    next();
  };
}

/** Waits until `res` takes more (true) or its connection is gone (false). */
async function drainedOrClosed(res: Response): Promise<boolean> {
  const done = new AbortController();
  try {
    return await Promise.race([
      once(res, 'drain', { signal: done.signal }).then(() => true),
      once(res, 'close', { signal: done.signal }).then(() => false),
    ]);
  } finally {
    done.abort();
  }
}

/**
 * The event log as JSON Lines (event-log-file.ts), a page per statement so that the server keeps
 * serving while it streams, at the pace the reader takes it. A failure after the first byte cuts the
 * connection, so the reader sees an incomplete transfer, never a file that looks whole.
 */
function exportRoute(database: OpenDatabase, logger: Logger): RequestHandler {
  return async (_req, res) => {
    res.status(200);
    res.set({
      'content-type': 'application/x-ndjson; charset=utf-8',
      'cache-control': 'no-store, no-transform',
    });
    try {
      const summary = await exportEmbeddedLogInPages(database, async (chunk) => {
        const taken = !res.destroyed && (res.write(chunk) || (await drainedOrClosed(res)));
        if (!taken) throw new Error('the reader left');
      });
      logger.info(summary, 'exported the event log to a local tool');
      res.end();
    } catch (error) {
      logger.warn({ err: error }, 'the export to a local tool stopped');
      res.destroy();
    }
  };
}
