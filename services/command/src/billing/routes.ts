import {
  checkoutRequestSchema,
  confirmOneTimePaymentSchema,
  confirmPaymentSchema,
  confirmSubscriptionSchema,
} from '@remit/contracts';
import { AppError, currentUserId, parseInput, requireAuth } from '@remit/kit';
import { type RequestHandler, Router } from 'express';
import { type Commands, sendAnswer } from '../commands.js';
import type { OnlinePaymentsService } from '../online-payments/service.js';
import { sandboxCheckoutPage } from './sandbox-page.js';
import type { SandboxProvider } from './sandbox-provider.js';
import type { BillingService } from './service.js';
import type { StripeProvider } from './stripe-provider.js';

/**
 * The billing API (docs/api.md, spec §7 Subscription and payment). Paths are the spec's, with its
 * aliases. The webhook and the sandbox's checkout page take no bearer token: the signature, and the
 * session id's randomness, are their authority.
 */
export function billingRoutes(deps: {
  billing: BillingService;
  stripe: StripeProvider | null;
  sandbox: SandboxProvider | null;
  commands: Commands;
  /** Customers' invoice payments and connected accounts take their webhooks from the same endpoint. */
  onlinePayments?: OnlinePaymentsService;
}): Router {
  const { billing, commands } = deps;
  const router = Router();

  router.get('/billing/plans', (_req, res) => {
    res.json(billing.plans());
  });

  const startCheckout: RequestHandler = async (req, res) => {
    const input = parseInput(checkoutRequestSchema, req.body ?? {});
    const userId = currentUserId(req);
    const metadata = commands.metadata(req);
    const answer = await commands.idempotently(req, (finish) =>
      billing.startCheckout(userId, input, metadata, finish),
    );
    sendAnswer(res, answer);
  };
  router.post('/create-checkout-session', requireAuth, startCheckout);
  // Spec §7's upgrade call: a checkout for Pro (monthly unless the body names another plan).
  router.post('/subscription/upgrade', requireAuth, (req, res, next) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    req.body = body.priceId || body.plan ? body : { ...body, plan: 'pro-monthly' };
    return startCheckout(req, res, next);
  });

  router.post('/confirm-subscription', requireAuth, async (req, res) => {
    const { sessionId } = parseInput(confirmSubscriptionSchema, req.body ?? {});
    const answer = await billing.confirm(
      currentUserId(req),
      sessionId,
      { kind: 'subscription' },
      commands.metadata(req),
    );
    sendAnswer(res, { status: 200, body: { ...answer }, position: BigInt(answer.position) });
  });
  router.post('/confirm-one-time-payment', requireAuth, async (req, res) => {
    const { sessionId, invoiceId } = parseInput(confirmOneTimePaymentSchema, req.body ?? {});
    const answer = await billing.confirm(
      currentUserId(req),
      sessionId,
      { kind: 'invoice', invoiceId },
      commands.metadata(req),
    );
    sendAnswer(res, { status: 200, body: { ...answer }, position: BigInt(answer.position) });
  });
  router.post('/confirm-payment', requireAuth, async (req, res) => {
    const { sessionId } = parseInput(confirmPaymentSchema, req.body ?? {});
    const answer = await billing.confirm(
      currentUserId(req),
      sessionId,
      { kind: 'any' },
      commands.metadata(req),
    );
    sendAnswer(res, { status: 200, body: { ...answer }, position: BigInt(answer.position) });
  });

  const cancel: RequestHandler = async (req, res) => {
    const userId = currentUserId(req);
    sendAnswer(res, await commands.idempotently(req, (finish) => billing.cancel(userId, finish)));
  };
  const resume: RequestHandler = async (req, res) => {
    const userId = currentUserId(req);
    sendAnswer(res, await commands.idempotently(req, (finish) => billing.resume(userId, finish)));
  };
  router.post('/subscriptions/cancel', requireAuth, cancel);
  router.post('/subscription/cancel', requireAuth, cancel);
  router.post('/subscriptions/resume', requireAuth, resume);

  router.post('/webhooks/stripe', async (req, res) => {
    const stripe = deps.stripe;
    if (!stripe) throw new AppError('not_found', 'Stripe is not configured');
    const signature = req.get('stripe-signature');
    if (!signature || !req.rawBody) throw new AppError('validation', 'Missing Stripe signature or body');
    let event: ReturnType<StripeProvider['verifyWebhook']>;
    try {
      event = stripe.verifyWebhook(req.rawBody, signature);
    } catch {
      throw new AppError('validation', 'Invalid Stripe signature');
    }
    const online = deps.onlinePayments;
    const outcome = online?.takes(event)
      ? await online.applyStripeEvent(event)
      : await billing.applyStripeEvent(event);
    req.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
    res.json({ received: true, outcome });
  });

  const sandbox = deps.sandbox;
  if (sandbox) {
    router.get('/billing/sandbox/checkout/:sessionId', async (req, res) => {
      const session = await sandbox.session(String(req.params.sessionId));
      if (!session) throw new AppError('not_found', 'Checkout session not found');
      res.type('html').setHeader('Cache-Control', 'no-store').send(sandboxCheckoutPage(session));
    });
    router.post('/billing/sandbox/checkout/:sessionId/pay', async (req, res) => {
      const paid = await sandbox.pay(String(req.params.sessionId));
      const session = await sandbox.retrieveCheckoutSession(paid.sessionId);
      // Like Stripe's webhook: the payment counts even if the browser never comes back.
      if (session)
        await billing.applySession(session, {
          userId: paid.userId,
          client: 'system',
          causationId: req.requestId,
        });
      res.redirect(303, paid.successUrl);
    });
    router.post('/billing/sandbox/checkout/:sessionId/cancel', async (req, res) => {
      const session = await sandbox.session(String(req.params.sessionId));
      if (!session) throw new AppError('not_found', 'Checkout session not found');
      res.redirect(303, session.cancelUrl);
    });
  }
  return router;
}
