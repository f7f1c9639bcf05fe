import type {
  PaymentMethod,
  PaymentMethodsAnswer,
  PaymentMethodType,
  QuickStatsAnswer,
  UserProfile,
  UserSettings,
} from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { currentUserId, requireAuth } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { asc, desc, eq } from 'drizzle-orm';
import { Router } from 'express';
import { requireSubscription, subscriptionView } from '../billing/repository.js';
import { quickStats, utcDate } from '../profile/stats.js';

const { companyLogos, paymentMethods, userSettings, users } = readModels;

const logoUrl = (logoId: string) => `/api/logos/${logoId}`;

async function logoOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select().from(companyLogos).where(eq(companyLogos.userId, userId)).limit(1);
  return row ? logoUrl(row.logoId) : null;
}

/**
 * `GET /settings` (spec §3 User settings; a user with none yet gets the defaults), `GET /settings/profile`,
 * `GET /settings/quick-stats` (paid) and `GET /settings/payment-methods`.
 */
export function settingsQueryRoutes(deps: { db: Database; now: () => Date }): Router {
  const { db } = deps;
  const router = Router();

  router.get('/settings', requireAuth, async (req, res) => {
    const userId = currentUserId(req);
    const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
    const settings: UserSettings = {
      Name: row?.name ?? '',
      DefaultDueDays: row?.defaultDueDays ?? null,
      Settings: {
        CompanyEmail: row?.companyEmail ?? '',
        CompanyAddress: row?.companyAddress ?? '',
        CompanyName: row?.companyName ?? '',
        DefaultCurrency: row?.defaultCurrency ?? 'USD',
        UserCompanyVAT: row?.companyVat ?? null,
        LogoURL: await logoOf(db, userId),
      },
    };
    res.json(settings);
  });

  router.get('/settings/profile', requireAuth, async (req, res) => {
    const userId = currentUserId(req);
    const [account] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId)).limit(1);
    const profile: UserProfile = {
      Name: row?.name || account?.name || '',
      Email: account?.email ?? '',
      Settings: {
        LogoURL: await logoOf(db, userId),
        CompanyName: row?.companyName ?? '',
        UserCompanyVAT: row?.companyVat ?? null,
      },
      Subscription: await subscriptionView(db, userId),
    };
    res.json(profile);
  });

  router.get('/settings/quick-stats', requireAuth, async (req, res) => {
    const userId = currentUserId(req);
    await requireSubscription(db, userId, 'stats');
    const answer: QuickStatsAnswer = { stats: await quickStats(db, userId, utcDate(deps.now())) };
    res.json(answer);
  });

  router.get('/settings/payment-methods', requireAuth, async (req, res) => {
    const rows = await db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, currentUserId(req)))
      .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.addedPosition));
    const answer: PaymentMethodsAnswer = {
      paymentMethods: rows.map(
        (row): PaymentMethod => ({
          ID: row.id,
          Name: row.name,
          Type: row.type as PaymentMethodType,
          IsDefault: row.isDefault,
          IsActive: row.isActive,
          BankName: row.bankName,
          AccountNumber: row.accountNumber,
          IBAN: row.iban,
          SWIFT: row.swift,
          PaymentLink: row.paymentLink,
          Instructions: row.instructions,
        }),
      ),
    };
    res.json(answer);
  });

  return router;
}
