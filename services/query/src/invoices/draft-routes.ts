import { draftIdSchema } from '@remit/contracts';
import type { EventStore } from '@remit/eventstore';
import { currentUserId, parseInput, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { findDraft, listDrafts } from './drafts.js';

/** `GET /drafts`, `GET /drafts/{id}` (issue 27): the user's unissued drafts, on every device. */
export function draftQueryRoutes(deps: { store: EventStore }): Router {
  const router = Router();
  router.get('/drafts', requireAuth, async (req, res) => {
    res.json({ drafts: await listDrafts(deps.store, currentUserId(req)) });
  });
  router.get('/drafts/:id', requireAuth, async (req, res) => {
    const draftId = parseInput(draftIdSchema, String(req.params.id));
    res.json(await findDraft(deps.store, currentUserId(req), draftId));
  });
  return router;
}
