import { currentUserId, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { isSubscribed, type Paywall, subscriptionView } from './repository.js';

export function billingQueryRoutes(deps: { paywall: Paywall }): Router {
  const router = Router();
  router.get('/check-subscription', requireAuth, async (req, res) => {
    res.json({ subscribed: await isSubscribed(deps.paywall, currentUserId(req)) });
  });
  router.get('/subscription', requireAuth, async (req, res) => {
    res.json({ subscription: await subscriptionView(deps.paywall, currentUserId(req)) });
  });
  return router;
}
