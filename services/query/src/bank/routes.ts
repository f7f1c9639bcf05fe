import { bankTransactionsQuerySchema } from '@remit/contracts';
import type { Database, EventStore } from '@remit/eventstore';
import { currentUserId, parseInput, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { findCsvMapping, listBankTransactions } from './repository.js';

/** `GET /bank-transactions?state=` and `GET /bank-csv-mapping` (docs/api.md, "Bank"). */
export function bankQueryRoutes(deps: { db: Database; store: EventStore }): Router {
  const { db, store } = deps;
  const router = Router();

  router.get('/bank-transactions', requireAuth, async (req, res) => {
    const { state } = parseInput(bankTransactionsQuerySchema, req.query);
    res.json({ transactions: await listBankTransactions(db, currentUserId(req), state) });
  });

  router.get('/bank-csv-mapping', requireAuth, async (req, res) => {
    res.json({ mapping: await findCsvMapping(store, currentUserId(req)) });
  });

  return router;
}
