import { CUSTOMER_SEARCH_MIN, type TopClientsAnswer } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { currentUserId, parseInput, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { z } from 'zod';
import { type Paywall, requireSubscription } from '../billing/repository.js';
import { topClients } from '../profile/stats.js';
import { findCustomerSuggestions } from './repository.js';

const suggestionQuery = z.object({
  q: z.string().trim().min(CUSTOMER_SEARCH_MIN, 'Type at least 2 characters to search').max(100),
});

/**
 * `GET /customers/suggestions?q=`: the user's own customers whose name, e-mail or company matches.
 * `GET /customers/top` (paid): at most 5 clients by total amount.
 */
export function customerQueryRoutes(deps: { db: Database; paywall: Paywall }): Router {
  const router = Router();
  router.get('/customers/top', requireAuth, async (req, res) => {
    const userId = currentUserId(req);
    await requireSubscription(deps.paywall, userId, 'top clients');
    const answer: TopClientsAnswer = { clients: await topClients(deps.db, userId) };
    res.json(answer);
  });
  router.get('/customers/suggestions', requireAuth, async (req, res) => {
    const { q } = parseInput(suggestionQuery, req.query);
    res.json(await findCustomerSuggestions(deps.db, currentUserId(req), q));
  });
  return router;
}
