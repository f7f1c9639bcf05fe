import { randomUUID } from 'node:crypto';
import type { ClientEvent } from '@remit/contracts';
import { clientFormSchema, clientUpdateSchema } from '@remit/contracts';
import { type ClientState, clientCommand, toClientView } from '@remit/domain';
import type { StepOutcome } from '@remit/eventstore';
import { currentUserId, parseInput, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { type Commands, sendAnswer } from '../commands.js';

const answerWith =
  (status: number, clientId: string) =>
  ({ state }: StepOutcome<ClientState, ClientEvent>) => ({
    status,
    body: { client: toClientView(state, clientId) },
  });

/** `POST /clients`, `PUT /clients/{id}` and `DELETE /clients/{id}` (docs/api.md, Clients and catalogue). */
export function clientRoutes(deps: { commands: Commands }): Router {
  const { commands } = deps;
  const router = Router();

  router.post('/clients', requireAuth, async (req, res) => {
    const details = parseInput(clientFormSchema, req.body);
    const clientId = randomUUID();
    const create = clientCommand({
      type: 'CreateClient',
      data: { clientId, userId: currentUserId(req), details },
    });
    sendAnswer(res, await commands.answer(req, create, answerWith(201, clientId)));
  });

  router.put('/clients/:id', requireAuth, async (req, res) => {
    const { client: details, version } = parseInput(clientUpdateSchema, req.body);
    const clientId = String(req.params.id);
    const change = clientCommand({
      type: 'ChangeClient',
      data: { clientId, userId: currentUserId(req), details, expectedVersion: version },
    });
    sendAnswer(res, await commands.answer(req, change, answerWith(200, clientId)));
  });

  router.delete('/clients/:id', requireAuth, async (req, res) => {
    const clientId = String(req.params.id);
    const archive = clientCommand({ type: 'ArchiveClient', data: { clientId, userId: currentUserId(req) } });
    sendAnswer(res, await commands.answer(req, archive, answerWith(200, clientId)));
  });

  return router;
}
