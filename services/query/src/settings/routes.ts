import {
  defaultReminderSettings,
  type PaymentMethod,
  type PaymentMethodsAnswer,
  type PaymentMethodType,
  type QuickStatsAnswer,
  type ReminderSettingsAnswer,
  readEvent,
  settingsStreamId,
  type UserProfile,
  type UserSettings,
} from '@remit/contracts';
import type { Database, EventStore } from '@remit/eventstore';
import { currentUserId, requireAuth } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { asc, desc, eq } from 'drizzle-orm';
import { Router } from 'express';
import { requireSubscription, subscriptionView } from '../billing/repository.js';
import { quickStats, utcDate } from '../profile/stats.js';

const { companyLogos, paymentMethods, reminderSettings, userSettings, users } = readModels;

const logoUrl = (logoId: string) => `/api/logos/${logoId}`;

async function logoOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select().from(companyLogos).where(eq(companyLogos.userId, userId)).limit(1);
  return row ? logoUrl(row.logoId) : null;
}

/**
 * The company's e-invoice details from its own settings stream (the last UserSettingsChanged, v1 upcast): the
 * user_settings read model keeps the spec's fields only, as the recorded logs built it.
 */
async function companyDetails(store: EventStore, userId: string) {
  let details: Pick<UserSettings['Settings'], 'CompanyPostalAddress' | 'CompanyPhone' | 'CompanyTaxNumber'> =
    {};
  for (const stored of await store.readStream(settingsStreamId(userId))) {
    const event = readEvent(stored);
    if (event.type !== 'UserSettingsChanged') continue;
    details = {
      CompanyPostalAddress: event.data.companyPostalAddress,
      CompanyPhone: event.data.companyPhone,
      CompanyTaxNumber: event.data.companyTaxNumber,
    };
  }
  return details;
}

/**
 * `GET /settings` (spec §3 User settings; a user with none yet gets the defaults), `GET /settings/profile`,
 * `GET /settings/quick-stats` (paid) and `GET /settings/payment-methods`.
 */
export function settingsQueryRoutes(deps: { db: Database; store: EventStore; now: () => Date }): Router {
  const { db, store } = deps;
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
        ...(await companyDetails(store, userId)),
      },
    };
    res.json(settings);
  });

  /** The reminder policy and notification toggles (docs/decisions.md, "Getting paid"); defaults until set. */
  router.get('/settings/reminders', requireAuth, async (req, res) => {
    const [row] = await db
      .select()
      .from(reminderSettings)
      .where(eq(reminderSettings.userId, currentUserId(req)))
      .limit(1);
    const answer: ReminderSettingsAnswer = row
      ? {
          remindersEnabled: row.remindersEnabled,
          reminderOffsets: row.reminderOffsets,
          notifyOnFirstView: row.notifyFirstView,
          notifyOnOverdue: row.notifyOverdue,
        }
      : defaultReminderSettings;
    res.json(answer);
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
