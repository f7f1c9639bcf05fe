import {
  accountingSettingsAnswerSchema,
  type DocumentLanguageSetting,
  type DocumentSeries,
  type PaymentMethodsAnswer,
  type QuickStatsAnswer,
} from '@remit/contracts';
import type { Database, EventStore } from '@remit/eventstore';
import { currentUserId, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { type Paywall, requireSubscription } from '../billing/repository.js';
import { quickStats, utcDate } from '../profile/stats.js';
import { findDocumentSeries } from './document-series.js';
import {
  findAccountingSettings,
  findReminderSettings,
  findUserProfile,
  findUserSettings,
  listPaymentMethods,
  sellerDefaults,
} from './repository.js';

/**
 * `GET /settings` (spec §3 User settings), `GET /settings/language`, `GET /settings/reminders`, `GET /settings/document-series`, `GET /settings/profile`,
 * `GET /settings/quick-stats` (paid) and `GET /settings/payment-methods`.
 */
export function settingsQueryRoutes(deps: {
  db: Database;
  store: EventStore;
  paywall: Paywall;
  now: () => Date;
}): Router {
  const { db, store, paywall } = deps;
  const router = Router();

  router.get('/settings', requireAuth, async (req, res) => {
    res.json(await findUserSettings(db, store, currentUserId(req)));
  });

  /** The owner's document language (issue 30): English until `PUT /settings/language` says another. */
  router.get('/settings/language', requireAuth, async (req, res) => {
    const { language } = await sellerDefaults(store, currentUserId(req));
    res.json({ language } satisfies DocumentLanguageSetting);
  });

  router.get('/settings/reminders', requireAuth, async (req, res) => {
    res.json(await findReminderSettings(db, currentUserId(req)));
  });

  router.get('/settings/document-series', requireAuth, async (req, res) => {
    const series: DocumentSeries[] = await findDocumentSeries(store, currentUserId(req));
    res.setHeader('Cache-Control', 'private, no-store').json({ series });
  });

  /** The owner's DATEV details (D-263), from the settings stream: DATEV's defaults until saved. */
  router.get('/settings/accounting', requireAuth, async (req, res) => {
    res.json(accountingSettingsAnswerSchema.parse(await findAccountingSettings(store, currentUserId(req))));
  });

  router.get('/settings/profile', requireAuth, async (req, res) => {
    res.json(await findUserProfile(paywall, currentUserId(req)));
  });

  router.get('/settings/quick-stats', requireAuth, async (req, res) => {
    const userId = currentUserId(req);
    await requireSubscription(paywall, userId, 'stats');
    const answer: QuickStatsAnswer = { stats: await quickStats(db, userId, utcDate(deps.now())) };
    res.json(answer);
  });

  router.get('/settings/payment-methods', requireAuth, async (req, res) => {
    const answer: PaymentMethodsAnswer = { paymentMethods: await listPaymentMethods(db, currentUserId(req)) };
    res.json(answer);
  });

  return router;
}
