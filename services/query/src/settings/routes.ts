import type { UserSettings } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { currentUserId, requireAuth } from '@remit/kit';
import { readModels } from '@remit/projector';
import { eq } from 'drizzle-orm';
import { Router } from 'express';

const { userSettings } = readModels;

/** `GET /settings` (spec §3 User settings); a user with none yet gets the defaults. */
export function settingsQueryRoutes(deps: { db: Database }): Router {
  const router = Router();
  router.get('/settings', requireAuth, async (req, res) => {
    const [row] = await deps.db
      .select()
      .from(userSettings)
      .where(eq(userSettings.userId, currentUserId(req)))
      .limit(1);
    const settings: UserSettings = {
      Name: row?.name ?? '',
      DefaultDueDays: row?.defaultDueDays ?? null,
      Settings: {
        CompanyEmail: row?.companyEmail ?? '',
        CompanyAddress: row?.companyAddress ?? '',
        CompanyName: row?.companyName ?? '',
        DefaultCurrency: row?.defaultCurrency ?? 'USD',
        UserCompanyVAT: row?.companyVat ?? null,
        LogoURL: null,
      },
    };
    res.json(settings);
  });
  return router;
}
