import { auditAnswerSchema } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { currentUserId, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { auditRepository } from './repository.js';

/** `GET /audit`: whether the tamper-evident log verifies, its head, and the owner's events in it. */
export function auditQueryRoutes(deps: { db: Database }): Router {
  const router = Router();
  const audits = auditRepository(deps.db);
  router.get('/audit', requireAuth, async (req, res) => {
    res.json(auditAnswerSchema.parse(await audits.audit(currentUserId(req))));
  });
  return router;
}
