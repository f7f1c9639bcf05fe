import { draftIdSchema, draftSaveSchema, type InvoiceDraftEvent } from '@remit/contracts';
import type { DraftState } from '@remit/domain';
import type { StepOutcome } from '@remit/eventstore';
import { currentUserId, parseInput, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { type Commands, sendAnswer } from '../commands.js';
import type { DraftCommands } from './drafts.js';
import { ifMatchVersion } from './if-match.js';

/** The draft as the command left it: its id and the version the next save is made on. */
const draftAnswer =
  (status: number) =>
  ({ state }: StepOutcome<DraftState, InvoiceDraftEvent>) => ({
    status,
    body: { id: state.draftId, version: state.version },
  });

/** Unissued drafts (issue 27): save (create or replace), discard, and Duplicate an invoice into one. */
export function draftRoutes(deps: { drafts: DraftCommands; commands: Commands }): Router {
  const { drafts, commands } = deps;
  const router = Router();

  router.put('/drafts/:id', requireAuth, async (req, res) => {
    const draftId = parseInput(draftIdSchema, String(req.params.id));
    const { form, version } = parseInput(draftSaveSchema, req.body);
    const expected = ifMatchVersion(req.get('If-Match')) ?? version;
    const save = drafts.save(currentUserId(req), draftId, form, expected);
    sendAnswer(res, await commands.answer(req, save, draftAnswer(200)));
  });

  router.delete('/drafts/:id', requireAuth, async (req, res) => {
    const draftId = parseInput(draftIdSchema, String(req.params.id));
    const discard = drafts.discard(currentUserId(req), draftId);
    sendAnswer(res, await commands.answer(req, discard, () => ({ status: 200, body: { id: draftId } })));
  });

  router.post('/invoices/:id/duplicate', requireAuth, async (req, res) => {
    const duplicate = () => drafts.duplicate(currentUserId(req), String(req.params.id));
    sendAnswer(res, await commands.answer(req, duplicate, draftAnswer(201)));
  });

  return router;
}
