import { CUSTOMER_SEARCH_MIN, type CustomerSuggestion, type TopClientsAnswer } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { currentUserId, parseInput, requireAuth } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { and, desc, eq, ilike, or } from 'drizzle-orm';
import { Router } from 'express';
import { z } from 'zod';
import { requireSubscription } from '../billing/repository.js';
import { topClients } from '../profile/stats.js';

const { customers } = readModels;

const suggestionQuery = z.object({
  q: z.string().trim().min(CUSTOMER_SEARCH_MIN, 'Type at least 2 characters to search').max(100),
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * `GET /customers/suggestions?q=`: the user's own customers whose name, e-mail or company matches.
 * `GET /customers/top` (paid): at most 5 clients by total amount.
 */
export function customerQueryRoutes(deps: { db: Database }): Router {
  const router = Router();
  router.get('/customers/top', requireAuth, async (req, res) => {
    const userId = currentUserId(req);
    await requireSubscription(deps.db, userId, 'top clients');
    const answer: TopClientsAnswer = { clients: await topClients(deps.db, userId) };
    res.json(answer);
  });
  router.get('/customers/suggestions', requireAuth, async (req, res) => {
    const { q } = parseInput(suggestionQuery, req.query);
    const pattern = `%${escapeLike(q)}%`;
    const rows = await deps.db
      .select()
      .from(customers)
      .where(
        and(
          eq(customers.userId, currentUserId(req)),
          or(
            ilike(customers.name, pattern),
            ilike(customers.email, pattern),
            ilike(customers.companyName, pattern),
          ),
        ),
      )
      .orderBy(desc(customers.updatedAt))
      .limit(10);
    res.json(
      rows.map(
        (row): CustomerSuggestion => ({
          ID: row.email,
          Name: row.name,
          Email: row.email,
          Address: row.address,
          CompanyName: row.companyName,
          CompanyVAT: row.companyVat,
        }),
      ),
    );
  });
  return router;
}
