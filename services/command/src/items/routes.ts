import { randomUUID } from 'node:crypto';
import type { ItemEvent } from '@remit/contracts';
import { itemFormSchema, itemUpdateSchema } from '@remit/contracts';
import { type ItemState, itemCommand, toItemView } from '@remit/domain';
import type { StepOutcome } from '@remit/eventstore';
import { currentUserId, parseInput, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { type Commands, sendAnswer } from '../commands.js';

const answerWith =
  (status: number, itemId: string) =>
  ({ state }: StepOutcome<ItemState, ItemEvent>) => ({
    status,
    body: { item: toItemView(state, itemId) },
  });

/** `POST /items`, `PUT /items/{id}` and `DELETE /items/{id}` (docs/api.md, Clients and catalogue). */
export function itemRoutes(deps: { commands: Commands }): Router {
  const { commands } = deps;
  const router = Router();

  router.post('/items', requireAuth, async (req, res) => {
    const details = parseInput(itemFormSchema, req.body);
    const itemId = randomUUID();
    const create = itemCommand({
      type: 'CreateItem',
      data: { itemId, userId: currentUserId(req), details },
    });
    sendAnswer(res, await commands.answer(req, create, answerWith(201, itemId)));
  });

  router.put('/items/:id', requireAuth, async (req, res) => {
    const { item: details, version } = parseInput(itemUpdateSchema, req.body);
    const itemId = String(req.params.id);
    const change = itemCommand({
      type: 'ChangeItem',
      data: { itemId, userId: currentUserId(req), details, expectedVersion: version },
    });
    sendAnswer(res, await commands.answer(req, change, answerWith(200, itemId)));
  });

  router.delete('/items/:id', requireAuth, async (req, res) => {
    const itemId = String(req.params.id);
    const remove = itemCommand({ type: 'DeleteItem', data: { itemId, userId: currentUserId(req) } });
    sendAnswer(res, await commands.answer(req, remove, () => ({ status: 200, body: {} })));
  });

  return router;
}
