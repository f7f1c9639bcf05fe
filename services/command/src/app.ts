import type { EventStore } from '@remit/eventstore';
import type { Logger, TokenService } from '@remit/kit';
import { Router } from 'express';
import { createGoogleSignIn } from './auth/google.js';
import { type AuthRateLimits, defaultAuthRateLimits } from './auth/rate-limits.js';
import { authRoutes } from './auth/routes.js';
import { createAuthService } from './auth/service.js';
import type { CommandConfig } from './config.js';
import { idempotency } from './idempotency.js';
import { invoiceRoutes } from './invoices/routes.js';
import { createInvoiceService } from './invoices/service.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { settingsRoutes } from './settings/routes.js';

export interface CommandServiceDeps {
  config: CommandConfig;
  store: EventStore;
  tokens: TokenService;
  jwtSecret: string;
  logger: Logger;
  /** Tests lower these to reach them quickly. */
  rateLimits?: AuthRateLimits;
  now?: () => Date;
}

export interface CommandService {
  /** The command routes, to be mounted under /api behind `authenticate`. */
  router: Router;
  close(): void;
}

/** The write side (DESIGN §1): every POST, PUT and DELETE of the API becomes a command here. */
export function createCommandService(deps: CommandServiceDeps): CommandService {
  const { config, store, logger } = deps;
  const mailer: Mailer = createMailer(
    { smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: `${config.dataDir}/outbox` },
    logger,
  );
  const google = config.google
    ? createGoogleSignIn({ ...config.google, redirectUri: `${config.appUrl}/auth/google/callback` })
    : null;
  const auth = createAuthService({
    store,
    tokens: deps.tokens,
    mailer,
    google,
    logger,
    ...(deps.now ? { now: deps.now } : {}),
    settings: {
      appUrl: config.appUrl,
      passwordLogCost: config.passwordLogCost,
      verificationTtlHours: config.verificationTtlHours,
      sessionTtlSeconds: config.sessionTtlSeconds,
    },
  });

  const now = deps.now ?? (() => new Date());
  const idempotent = idempotency(store);
  const router = Router();
  router.use(
    authRoutes({
      auth,
      rateLimits: deps.rateLimits ?? {
        ...defaultAuthRateLimits,
        signUpPerIp: { ...defaultAuthRateLimits.signUpPerIp, limit: config.signUpLimitPerIpHour },
      },
      cookieSecret: deps.jwtSecret,
      secureCookies: config.appUrl.startsWith('https:'),
      idempotent,
    }),
  );
  router.use(invoiceRoutes({ invoices: createInvoiceService({ store, now }), store, idempotent }));
  router.use(settingsRoutes({ store, idempotent, now }));
  return { router, close: () => mailer.close() };
}
