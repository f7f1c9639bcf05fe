import type { ActivitiesAnswer } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { currentUserId, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { isSubscribed } from '../billing/routes.js';
import { subscriptionRequired } from '../invoices/locking.js';
import { recentActivities } from './stats.js';

/** The three paid features of the profile answer 402 `subscription_required` without a paid-up subscription. */
export async function requireSubscription(db: Database, userId: string, feature: string): Promise<void> {
  if (!(await isSubscribed(db, userId))) throw subscriptionRequired(`Subscribe to see your ${feature}`);
}

/** `GET /activities/recent` (not gated). */
export function profileQueryRoutes(deps: { db: Database }): Router {
  const router = Router();
  router.get('/activities/recent', requireAuth, async (req, res) => {
    const answer: ActivitiesAnswer = { activities: await recentActivities(deps.db, currentUserId(req)) };
    res.json(answer);
  });
  return router;
}
