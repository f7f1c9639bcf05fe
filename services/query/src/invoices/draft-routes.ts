import { draftIdSchema } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { currentUserId, parseInput, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { findDraft, listDrafts } from './drafts.js';

/** `GET /drafts`, `GET /drafts/{id}` (issue 27): the user's unissued drafts, on every device. */
export function draftQueryRoutes(deps: { db: Database }): Router {
  const router = Router();
  router.get('/drafts', requireAuth, async (req, res) => {
    res.json({ drafts: await listDrafts(deps.db, currentUserId(req)) });
  });
  router.get('/drafts/:id', requireAuth, async (req, res) => {
    const draftId = parseInput(draftIdSchema, String(req.params.id));
    res.json(await findDraft(deps.db, currentUserId(req), draftId));
  });
  return router;
}
