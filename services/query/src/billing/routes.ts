import type { Database } from '@remit/eventstore';
import { currentUserId, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { isSubscribed, subscriptionView } from './repository.js';

export function billingQueryRoutes(deps: { db: Database }): Router {
  const router = Router();
  router.get('/check-subscription', requireAuth, async (req, res) => {
    res.json({ subscribed: await isSubscribed(deps.db, currentUserId(req)) });
  });
  router.get('/subscription', requireAuth, async (req, res) => {
    res.json({ subscription: await subscriptionView(deps.db, currentUserId(req)) });
  });
  return router;
}
