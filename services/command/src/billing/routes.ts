import {
  checkoutRequestSchema,
  confirmOneTimePaymentSchema,
  confirmPaymentSchema,
  confirmSubscriptionSchema,
} from '@remit/contracts';
import { AppError, currentUserId, parseInput, requireAuth, sendCommandResult } from '@remit/kit';
import { type RequestHandler, Router } from 'express';
import { commandMetadata } from '../metadata.js';
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
  idempotent: RequestHandler;
}): Router {
  const { billing, idempotent } = deps;
  const router = Router();

  router.get('/billing/plans', (_req, res) => {
    res.json(billing.plans());
  });

  const startCheckout: RequestHandler = async (req, res) => {
    const input = parseInput(checkoutRequestSchema, req.body ?? {});
    const answer = await billing.startCheckout(currentUserId(req), input, commandMetadata(req));
    res.status(201).json(answer);
  };
  router.post('/create-checkout-session', requireAuth, idempotent, startCheckout);
  // Spec §7's upgrade call: a checkout for Pro (monthly unless the body names another plan).
  router.post('/subscription/upgrade', requireAuth, idempotent, (req, res, next) => {
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
      commandMetadata(req),
    );
    sendCommandResult(res, 200, { ...answer }, BigInt(answer.position));
  });
  router.post('/confirm-one-time-payment', requireAuth, async (req, res) => {
    const { sessionId, invoiceId } = parseInput(confirmOneTimePaymentSchema, req.body ?? {});
    const answer = await billing.confirm(
      currentUserId(req),
      sessionId,
      { kind: 'invoice', invoiceId },
      commandMetadata(req),
    );
    sendCommandResult(res, 200, { ...answer }, BigInt(answer.position));
  });
  router.post('/confirm-payment', requireAuth, async (req, res) => {
    const { sessionId } = parseInput(confirmPaymentSchema, req.body ?? {});
    const answer = await billing.confirm(
      currentUserId(req),
      sessionId,
      { kind: 'any' },
      commandMetadata(req),
    );
    sendCommandResult(res, 200, { ...answer }, BigInt(answer.position));
  });

  const cancel: RequestHandler = async (req, res) => {
    const result = await billing.cancel(currentUserId(req), commandMetadata(req));
    sendCommandResult(res, 200, { subscription: result.subscription }, result.position);
  };
  const resume: RequestHandler = async (req, res) => {
    const result = await billing.resume(currentUserId(req), commandMetadata(req));
    sendCommandResult(res, 200, { subscription: result.subscription }, result.position);
  };
  router.post('/subscriptions/cancel', requireAuth, idempotent, cancel);
  router.post('/subscription/cancel', requireAuth, idempotent, cancel);
  router.post('/subscriptions/resume', requireAuth, idempotent, resume);

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
    const outcome = await billing.applyStripeEvent(event);
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
