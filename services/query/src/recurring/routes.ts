import type { Database, EventStore } from '@remit/eventstore';
import { currentUserId, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { listRecurring, openRecurring } from './repository.js';

/** Recurring invoices (docs/api.md, "Recurring invoices"): the list and one profile with its runs and history. */
export function recurringQueryRoutes(deps: { db: Database; store: EventStore; now: () => Date }): Router {
  const router = Router();
  router.get('/recurring', requireAuth, async (req, res) => {
    const profiles = await listRecurring(deps.db, currentUserId(req), deps.now());
    res.setHeader('Cache-Control', 'private, no-store').json({ profiles });
  });
  router.get('/recurring/:id', requireAuth, async (req, res) => {
    const profile = await openRecurring(deps, currentUserId(req), String(req.params.id), deps.now());
    res.setHeader('Cache-Control', 'private, no-store').json(profile);
  });
  return router;
}
