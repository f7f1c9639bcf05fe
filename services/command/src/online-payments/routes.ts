import {
  connectOnlinePaymentsSchema,
  customerPageMessages,
  type PublicCheckoutAnswer,
  publicConfirmSchema,
} from '@remit/contracts';
import {
  AppError,
  currentUserId,
  type LimitStore,
  parseInput,
  requireAuth,
  sharedRateLimit,
} from '@remit/kit';
import { Router } from 'express';
import { type Commands, sendAnswer } from '../commands.js';
import type { SandboxInvoicePayments } from './sandbox.js';
import { sandboxInvoiceCheckoutPage } from './sandbox-page.js';
import type { OnlinePaymentsService } from './service.js';

const answerOf = ({ position, ...body }: { position: bigint | null } & Record<string, unknown>) => ({
  status: 200,
  body,
  position,
});

/**
 * Online payments (docs/api.md, "Online payments"): the owner's account in /profile, and the customer
 * page's checkout and return. The public routes take no bearer token: the customer page's token is
 * their authority, rate limited per client address like the page itself. The sandbox's checkout page
 * lives under /api/billing/sandbox like billing's (the proxy sends it to the command side).
 */
export function onlinePaymentRoutes(deps: {
  payments: OnlinePaymentsService;
  sandbox: SandboxInvoicePayments | null;
  commands: Commands;
  limits: LimitStore;
  limitPerMinute: number;
  now: () => Date;
}): Router {
  const { payments, commands } = deps;
  const router = Router();

  // Under /billing, like the plans: the command side knows the server's provider and reads the stream.
  router.get('/billing/online-payments', requireAuth, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store').json(await payments.status(currentUserId(req)));
  });
  router.post('/online-payments/connect', requireAuth, async (req, res) => {
    const { accountType } = parseInput(connectOnlinePaymentsSchema, req.body ?? {});
    sendAnswer(
      res,
      answerOf(await payments.connect(currentUserId(req), accountType, commands.metadata(req))),
    );
  });
  router.post('/online-payments/refresh', requireAuth, async (req, res) => {
    sendAnswer(res, answerOf(await payments.refresh(currentUserId(req), commands.metadata(req))));
  });
  router.post('/online-payments/disconnect', requireAuth, async (req, res) => {
    sendAnswer(res, answerOf(await payments.disconnect(currentUserId(req), commands.metadata(req))));
  });

  const limited = sharedRateLimit(
    deps.limits,
    'public-checkout-ip',
    { windowMs: 60_000, limit: deps.limitPerMinute },
    customerPageMessages.tooManyRequests,
    { now: deps.now },
  );
  router.post('/public/invoices/:token/checkout', limited, async (req, res) => {
    const answer: PublicCheckoutAnswer = await payments.startCheckout(String(req.params.token));
    res.setHeader('Cache-Control', 'no-store').json(answer);
  });
  router.post('/public/invoices/:token/confirm', limited, async (req, res) => {
    const { sessionId } = parseInput(publicConfirmSchema, req.body ?? {});
    const answer = await payments.confirm(String(req.params.token), sessionId);
    res.setHeader('Cache-Control', 'no-store');
    sendAnswer(res, answerOf(answer));
  });

  const sandbox = deps.sandbox;
  if (sandbox) {
    const path = '/billing/sandbox/invoice-checkout/:sessionId';
    router.get(path, async (req, res) => {
      const session = await sandbox.session(String(req.params.sessionId));
      if (!session) throw new AppError('not_found', 'Checkout session not found');
      const page = sandboxInvoiceCheckoutPage(session, await payments.languageOf(session.invoiceId));
      res.type('html').setHeader('Cache-Control', 'no-store').send(page);
    });
    router.post(`${path}/pay`, async (req, res) => {
      const paid = await sandbox.pay(String(req.params.sessionId));
      // As Stripe's webhook would: the payment counts even if the browser never comes back.
      const payment = await sandbox.paymentOfSession(paid.accountId, paid.sessionId);
      if (payment)
        await payments.settle(payment, { userId: null, client: 'system', causationId: req.requestId });
      res.redirect(303, paid.successUrl);
    });
    router.post(`${path}/cancel`, async (req, res) => {
      const session = await sandbox.session(String(req.params.sessionId));
      if (!session) throw new AppError('not_found', 'Checkout session not found');
      res.redirect(303, session.cancelUrl);
    });
  }
  return router;
}
