import type { ActivitiesAnswer } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { currentUserId, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { recentActivities } from './stats.js';

/** `GET /activities/recent` (not gated). */
export function profileQueryRoutes(deps: { db: Database }): Router {
  const router = Router();
  router.get('/activities/recent', requireAuth, async (req, res) => {
    const answer: ActivitiesAnswer = { activities: await recentActivities(deps.db, currentUserId(req)) };
    res.json(answer);
  });
  return router;
}
