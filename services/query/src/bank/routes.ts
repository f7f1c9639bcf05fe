import { bankCsvMappingStreamId, bankTransactionsQuerySchema, readEvent } from '@remit/contracts';
import type { Database, EventStore } from '@remit/eventstore';
import { currentUserId, parseInput, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { listBankTransactions } from './repository.js';

/** `GET /bank-transactions?state=` and `GET /bank-csv-mapping` (docs/api.md, "Bank"). */
export function bankQueryRoutes(deps: { db: Database; store: EventStore }): Router {
  const { db, store } = deps;
  const router = Router();

  router.get('/bank-transactions', requireAuth, async (req, res) => {
    const { state } = parseInput(bankTransactionsQuerySchema, req.query);
    res.json({ transactions: await listBankTransactions(db, currentUserId(req), state) });
  });

  // The mapping is one small stream of the owner's: its newest event is the mapping.
  router.get('/bank-csv-mapping', requireAuth, async (req, res) => {
    const [last] = (await store.readStream(bankCsvMappingStreamId(currentUserId(req)))).slice(-1);
    const event = last ? readEvent(last) : null;
    if (event?.type !== 'BankCsvMappingSaved') return void res.json({ mapping: null });
    const { userId: _userId, ...mapping } = event.data;
    res.json({ mapping });
  });

  return router;
}
