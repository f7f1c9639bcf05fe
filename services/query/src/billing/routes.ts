import type { Database } from '@remit/eventstore';
import { currentUserId, requireAuth } from '@remit/kit';
import { readModels } from '@remit/projector';
import { and, eq, inArray } from 'drizzle-orm';
import { Router } from 'express';

const { subscriptions } = readModels;

/** Paid up means an `active` or `trialing` subscription (spec §4, DESIGN §5). */
export const PAID_UP_STATUSES = ['active', 'trialing'] as const;

export async function isSubscribed(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...PAID_UP_STATUSES])))
    .limit(1);
  return rows.length > 0;
}

export function billingQueryRoutes(deps: { db: Database }): Router {
  const router = Router();
  router.get('/check-subscription', requireAuth, async (req, res) => {
    res.json({ subscribed: await isSubscribed(deps.db, currentUserId(req)) });
  });
  return router;
}
