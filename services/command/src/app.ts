import { planPrices } from '@remit/contracts';
import type { EventStore } from '@remit/eventstore';
import type { Logger, TokenService } from '@remit/kit';
import { Router } from 'express';
import { createGoogleSignIn } from './auth/google.js';
import { type AuthRateLimits, defaultAuthRateLimits } from './auth/rate-limits.js';
import { authRoutes } from './auth/routes.js';
import { createAuthService } from './auth/service.js';
import { billingRoutes } from './billing/routes.js';
import { createSandboxProvider, sandboxPriceIds } from './billing/sandbox-provider.js';
import { createBillingService } from './billing/service.js';
import { createStripeProvider } from './billing/stripe-provider.js';
import type { CommandConfig } from './config.js';
import { idempotency } from './idempotency.js';
import { invoiceRoutes } from './invoices/routes.js';
import { createInvoiceService } from './invoices/service.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { paymentMethodRoutes } from './payment-methods/routes.js';
import { createPaymentMethodService } from './payment-methods/service.js';
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
  const paymentMethods = createPaymentMethodService({ store, now });
  router.use(
    invoiceRoutes({ invoices: createInvoiceService({ store, now, paymentMethods }), store, idempotent }),
  );
  router.use(paymentMethodRoutes({ paymentMethods, idempotent }));
  router.use(settingsRoutes({ store, idempotent, now }));
  router.use(billingRoutesFor({ config, store, logger, now, idempotent }));
  return { router, close: () => mailer.close() };
}

/** Stripe when it is configured, else the built-in sandbox (docs/decisions.md, Billing). */
function billingRoutesFor(deps: {
  config: CommandConfig;
  store: EventStore;
  logger: Logger;
  now: () => Date;
  idempotent: ReturnType<typeof idempotency>;
}): Router {
  const { config, store, logger, now } = deps;
  const stripe = config.stripe ? createStripeProvider(config.stripe, now) : null;
  const sandbox = stripe
    ? null
    : createSandboxProvider({
        store,
        appUrl: config.appUrl,
        now,
        amountOf: (plan) => planPrices[plan].amount,
      });
  const provider = stripe ?? sandbox;
  if (!provider) throw new Error('unreachable: one payment provider is always configured');
  const billing = createBillingService({
    store,
    provider,
    priceIds: config.stripe?.priceIds ?? sandboxPriceIds,
    appUrl: config.appUrl,
    logger,
    now,
  });
  return billingRoutes({ billing, stripe, sandbox, idempotent: deps.idempotent });
}
