import { authMessages } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { AppError, currentUserId, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { findUser } from './repository.js';

export function authQueryRoutes(deps: { db: Database; googleConfigured: boolean }): Router {
  const router = Router();

  router.get('/auth/status', requireAuth, async (req, res) => {
    const user = await findUser(deps.db, currentUserId(req));
    if (!user) throw new AppError('unauthenticated', authMessages.sessionExpired);
    res.json({ user });
  });

  router.get('/auth/providers', (_req, res) => {
    res.json({ google: deps.googleConfigured });
  });

  return router;
}
