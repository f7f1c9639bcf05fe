import { randomUUID } from 'node:crypto';
import { planPrices, type StreamInvoice } from '@remit/contracts';
import { collectInvoice } from '@remit/domain';
import type { ClaimHolder, EventStore } from '@remit/eventstore';
import {
  type Clock,
  createMailer,
  type LimitStore,
  type Logger,
  type Mailer,
  mailDelivery,
  openLimitStore,
  type RegisteredJob,
  systemClock,
  type TokenService,
} from '@remit/kit';
import { Router } from 'express';
import { createGoogleSignIn } from './auth/google.js';
import { type AuthRateLimits, defaultAuthRateLimits } from './auth/rate-limits.js';
import { authRoutes } from './auth/routes.js';
import { createAuthService } from './auth/service.js';
import { createSignInThrottle } from './auth/sign-in-throttle.js';
import { bankRoutes } from './bank/routes.js';
import { newestInvoiceIdFromLog } from './billing/open-invoice.js';
import { billingRoutes } from './billing/routes.js';
import { createSandboxProvider, sandboxPriceIds } from './billing/sandbox-provider.js';
import { createBillingService } from './billing/service.js';
import { createStripeProvider } from './billing/stripe-provider.js';
import { importRoutes } from './clients/import-routes.js';
import { clientRoutes } from './clients/routes.js';
import { type Commands, createCommands } from './commands.js';
import type { CommandConfig } from './config.js';
import { type CreditNotePdfSource, creditNoteRoutes } from './credit-notes/routes.js';
import { collectionRoutes, type InvoicePdfSource } from './invoices/collection-routes.js';
import { draftRoutes } from './invoices/draft-routes.js';
import { createDraftCommands } from './invoices/drafts.js';
import { invoiceRoutes } from './invoices/routes.js';
import { createInvoiceCommands } from './invoices/service.js';
import { shareRoutes } from './invoices/share-routes.js';
import { itemRoutes } from './items/routes.js';
import { takesOnlinePayments } from './online-payments/account.js';
import { onlinePaymentRoutes } from './online-payments/routes.js';
import { createSandboxInvoicePayments } from './online-payments/sandbox.js';
import { createOnlinePayments } from './online-payments/service.js';
import { createStripeInvoicePayments } from './online-payments/stripe-connect.js';
import { paymentMethodRoutes } from './payment-methods/routes.js';
import { createPaymentMethodService } from './payment-methods/service.js';
import { quoteExpiryJob } from './quotes/jobs.js';
import { type QuotePdfSource, quoteRoutes } from './quotes/routes.js';
import { recurringJobs } from './recurring/jobs.js';
import { recurringRoutes } from './recurring/routes.js';
import { settingsRoutes } from './settings/routes.js';

export interface CommandServiceDeps {
  config: CommandConfig;
  store: EventStore;
  /** The store's database, for the one query over the log that no single stream answers (billing). */
  tokens: TokenService;
  jwtSecret: string;
  logger: Logger;
  /** Tests lower these to reach them quickly. */
  rateLimits?: AuthRateLimits;
  /** The one clock (kit's `Clock`): events' times, 'today' of a payment; tests set it. */
  now?: Clock;
  /** The invoice PDF from the query side, for sending; the all-in-one process has both (docs/decisions.md). */
  invoicePdf?: InvoicePdfSource;
  /** The PDF of an own credit note (the query side's renderer); absent: sending credit notes is unavailable. */
  creditNotePdf?: CreditNotePdfSource;
  /** The quote's PDF from the query side, for sending a quote. */
  quotePdf?: QuotePdfSource;
  /** Whether an invoice is the user's and open (the query side's locking): a locked one is not shared. */
  assertInvoiceOpen?: (userId: string, invoice: StreamInvoice) => Promise<void>;
  /** This process as the holder of idempotency claims (`holdClaims`); without it a dead run's claim waits out its lease. */
  claims?: ClaimHolder;
}

export interface CommandService {
  /** The command routes, to be mounted under /api behind `authenticate`. */
  router: Router;
  /** Resolves when the work requests started after their answer (account e-mails, their events) is done. */
  settled(): Promise<void>;
  close(): Promise<void>;
  /**
   * Records that the customer page of an invoice was opened (at most hourly, the invoice's decider
   * decides). Never throws: a view that cannot be recorded must not keep the customer from the invoice.
   */
  recordView(invoiceId: string, userId: string): Promise<void>;
  /** The scheduler's recurring-invoice jobs (issue 33): register them with the process's scheduler. */
  recurringJobs: RegisteredJob[];
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
  const now = deps.now ?? systemClock;
  const commands = createCommands({ store, now, logger, ...(deps.claims ? { claims: deps.claims } : {}) });
  const rateLimits = deps.rateLimits ?? {
    ...defaultAuthRateLimits,
    signUpPerIp: { ...defaultAuthRateLimits.signUpPerIp, limit: config.signUpLimitPerIpHour },
    verifyPerIp: { ...defaultAuthRateLimits.verifyPerIp, limit: config.verifyLimitPerIp15Min },
  };
  const limits = openLimitStore({ db: store.db, redisUrl: config.redisUrl, redisPrefix: config.redisPrefix });
  const auth = createAuthService({
    store,
    throttle: createSignInThrottle(limits, rateLimits.signInFailures, now),
    tokens: deps.tokens,
    mailer,
    google,
    logger,
    now,
    settings: {
      appUrl: config.appUrl,
      passwordLogCost: config.passwordLogCost,
      verificationTtlHours: config.verificationTtlHours,
      resetTtlMinutes: config.resetTtlMinutes,
      sessionTtlSeconds: config.sessionTtlSeconds,
    },
  });

  const router = Router();
  router.use(
    authRoutes({
      auth,
      rateLimits,
      limits,
      cookieSecret: deps.jwtSecret,
      secureCookies: config.appUrl.startsWith('https:'),
      commands,
    }),
  );
  const paymentMethods = createPaymentMethodService({ store });
  const invoices = createInvoiceCommands({ store, paymentMethods });
  const deliverMail = mailDelivery({ db: store.db, clock: now, mailer, logger });
  router.use(invoiceRoutes({ invoices, commands }));
  router.use(draftRoutes({ drafts: createDraftCommands({ store, now }), commands }));
  router.use(
    collectionRoutes({
      commands,
      store,
      now,
      deliverMail,
      logger,
      mailDomain: new URL(config.appUrl).hostname,
      appUrl: config.appUrl,
      takesOnlinePayments: (userId) => takesOnlinePayments(store, userId),
      ...(deps.invoicePdf ? { invoicePdf: deps.invoicePdf } : {}),
    }),
  );
  router.use(
    shareRoutes({
      commands,
      store,
      appUrl: config.appUrl,
      ...(deps.assertInvoiceOpen ? { assertInvoiceOpen: deps.assertInvoiceOpen } : {}),
    }),
  );
  router.use(
    creditNoteRoutes({
      commands,
      now,
      deliverMail,
      logger,
      mailDomain: new URL(config.appUrl).hostname,
      ...(deps.creditNotePdf ? { creditNotePdf: deps.creditNotePdf } : {}),
    }),
  );
  router.use(
    quoteRoutes({
      commands,
      store,
      invoices,
      now,
      appUrl: config.appUrl,
      mailDomain: new URL(config.appUrl).hostname,
      deliverMail,
      logger,
      limits,
      publicLimitPerMinute: config.publicLinkLimitPerIpMin ?? 60,
      ...(deps.quotePdf ? { quotePdf: deps.quotePdf } : {}),
    }),
  );
  router.use(recurringRoutes({ commands, store, now }));
  router.use(paymentMethodRoutes({ paymentMethods, commands }));
  router.use(settingsRoutes({ commands }));
  router.use(importRoutes({ commands }));
  router.use(bankRoutes({ commands, store, db: store.db, now }));
  router.use(clientRoutes({ commands }));
  router.use(itemRoutes({ commands }));
  router.use(
    billingRoutesFor({
      config,
      store,
      logger,
      now,
      commands,
      limits,
      ...(deps.assertInvoiceOpen ? { assertInvoiceOpen: deps.assertInvoiceOpen } : {}),
    }),
  );
  async function recordView(invoiceId: string, userId: string): Promise<void> {
    const step = collectInvoice({
      type: 'RecordInvoiceView',
      data: { invoiceId, userId, viewedAt: now().toISOString() },
    });
    await commands
      .execute(step, { userId: null, commandId: randomUUID(), causationId: null, client: 'web' })
      .catch((error: unknown) => logger.warn({ err: error, invoiceId }, 'invoice view not recorded'));
  }
  const jobs = recurringJobs({
    invoices: createInvoiceCommands({ store, paymentMethods }),
    ...(deps.invoicePdf ? { invoicePdf: deps.invoicePdf } : {}),
  });
  return {
    router,
    recordView,
    // The scheduler's jobs this side owns: recurring issue and send, and quote expiry (issue 33).
    recurringJobs: [...jobs, quoteExpiryJob],
    settled: () => auth.settle(),
    close: async () => {
      await auth.settle();
      mailer.close();
      await limits.close();
    },
  };
}

/** Stripe when it is configured, else the built-in sandbox (docs/decisions.md, Billing). */
function billingRoutesFor(deps: {
  config: CommandConfig;
  store: EventStore;
  logger: Logger;
  now: () => Date;
  commands: Commands;
  limits: LimitStore;
  assertInvoiceOpen?: (userId: string, invoice: StreamInvoice) => Promise<void>;
}): Router {
  const { config, store, logger, now, commands } = deps;
  const stripe = config.stripe ? createStripeProvider(config.stripe, now) : null;
  const sandbox = stripe
    ? null
    : createSandboxProvider({
        store,
        commands,
        appUrl: config.appUrl,
        now,
        amountOf: (plan) => planPrices[plan].amount,
      });
  const provider = stripe ?? sandbox;
  if (!provider) throw new Error('unreachable: one payment provider is always configured');
  const billing = createBillingService({
    store,
    commands,
    provider,
    priceIds: config.stripe?.priceIds ?? sandboxPriceIds,
    appUrl: config.appUrl,
    billingOn: config.billingOn,
    logger,
    newestInvoiceId: (userId) => newestInvoiceIdFromLog(store.db, userId),
  });
  // Customers' invoice payments (issue 31): the same Stripe key (Connect or the server's own account),
  // or the built-in sandbox beside billing's.
  const invoiceSandbox = config.stripe
    ? null
    : createSandboxInvoicePayments({ store, commands, appUrl: config.appUrl });
  const invoicePayments = config.stripe ? createStripeInvoicePayments(config.stripe, now) : invoiceSandbox;
  if (!invoicePayments) throw new Error('unreachable: one invoice payment provider is always configured');
  const onlinePayments = createOnlinePayments({
    store,
    commands,
    provider: invoicePayments,
    appUrl: config.appUrl,
    logger,
    now,
    ...(deps.assertInvoiceOpen ? { assertInvoiceOpen: deps.assertInvoiceOpen } : {}),
  });
  const router = Router();
  router.use(billingRoutes({ billing, stripe, sandbox, commands, onlinePayments }));
  router.use(
    onlinePaymentRoutes({
      payments: onlinePayments,
      sandbox: invoiceSandbox,
      commands,
      limits: deps.limits,
      limitPerMinute: config.publicLinkLimitPerIpMin ?? 60,
      now,
    }),
  );
  return router;
}
