import { authMessages, type User } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { AppError, currentUserId, requireAuth } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { eq } from 'drizzle-orm';
import { Router } from 'express';

const { users } = readModels;

export function authQueryRoutes(deps: { db: Database; googleConfigured: boolean }): Router {
  const router = Router();

  router.get('/auth/status', requireAuth, async (req, res) => {
    const [row] = await deps.db
      .select()
      .from(users)
      .where(eq(users.id, currentUserId(req)))
      .limit(1);
    if (!row) throw new AppError('unauthenticated', authMessages.sessionExpired);
    const user: User = {
      id: row.id,
      name: row.name,
      email: row.email,
      emailVerified: row.emailVerified,
      createdAt: row.createdAt.toISOString(),
    };
    res.json({ user });
  });

  router.get('/auth/providers', (_req, res) => {
    res.json({ google: deps.googleConfigured });
  });

  return router;
}
