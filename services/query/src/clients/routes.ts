import {
  type ClientPageAnswer,
  type ClientsAnswer,
  clientMessages,
  clientsQuerySchema,
  type ItemsAnswer,
  itemMessages,
  itemsQuerySchema,
} from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { AppError, currentUserId, parseInput, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { findClientCandidates, findClientPage, findItem, listClients, listItems } from './repository.js';

/** `GET /clients`, `GET /clients/{id}`, `GET /items` and `GET /items/{id}` (docs/api.md, Clients and catalogue). */
export function clientQueryRoutes(deps: { db: Database }): Router {
  const { db } = deps;
  const router = Router();

  router.get('/clients', requireAuth, async (req, res) => {
    const { search, archived } = parseInput(clientsQuerySchema, req.query);
    const answer: ClientsAnswer = {
      clients: await listClients(db, currentUserId(req), { search, archived: archived === 'true' }),
    };
    res.json(answer);
  });

  router.get('/clients/candidates', requireAuth, async (req, res) => {
    res.json({ candidates: await findClientCandidates(db, currentUserId(req)) });
  });

  router.get('/clients/:id', requireAuth, async (req, res) => {
    const page = await findClientPage(db, currentUserId(req), String(req.params.id));
    if (!page) throw new AppError('not_found', clientMessages.notFound);
    const answer: ClientPageAnswer = page;
    res.json(answer);
  });

  router.get('/items', requireAuth, async (req, res) => {
    const { search } = parseInput(itemsQuerySchema, req.query);
    const answer: ItemsAnswer = { items: await listItems(db, currentUserId(req), search) };
    res.json(answer);
  });

  router.get('/items/:id', requireAuth, async (req, res) => {
    const item = await findItem(db, currentUserId(req), String(req.params.id));
    if (!item) throw new AppError('not_found', itemMessages.notFound);
    res.json({ item });
  });

  return router;
}
