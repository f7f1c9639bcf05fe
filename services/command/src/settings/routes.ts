import {
  accountingSettingsSchema,
  documentKindPrefixes,
  documentKindSchema,
  documentLanguageSettingSchema,
  documentSeriesInputSchema,
  formatDocumentNumber,
  MAX_LOGO_BYTES,
  profileUpdateSchema,
  reminderSettingsSchema,
  type UserSettings,
} from '@remit/contracts';
import { changeDocumentSeries, logoUpload } from '@remit/domain';
import { currentUserId, jsonField, multipartUpload, parseInput, requireAuth, uploadedFile } from '@remit/kit';
import { Router } from 'express';
import { type Commands, sendAnswer } from '../commands.js';
import {
  changeAccountingSettings,
  changeDocumentLanguage,
  changeReminderSettings,
  changeSettings,
} from './decider.js';

const multipart = multipartUpload({
  file: 'logo',
  maxBytes: MAX_LOGO_BYTES,
  tooLarge: 'The logo must be at most 2 MB',
  maxFieldBytes: 64 * 1024,
});

export const logoUrl = (logoId: string) => `/api/logos/${logoId}`;

/**
 * `PUT /settings`: company details, default currency and DefaultDueDays, as the user's own events; with a
 * `logo` file (multipart, stored like the invoice logo) or `removeLogo: true`, the company logo too. In a
 * multipart request the settings are the JSON field `settings` (replaced as a whole: a logo alone must not
 * reset the company details to their defaults).
 */
export function settingsRoutes(deps: { commands: Commands }): Router {
  const router = Router();
  router.put('/settings', requireAuth, multipart, async (req, res) => {
    const body = req.is('multipart/form-data') ? jsonField(req.body, 'settings') : req.body;
    const { removeLogo, ...update } = parseInput(profileUpdateSchema, body);
    const userId = currentUserId(req);
    const file = uploadedFile(req);
    const change = async () =>
      changeSettings({
        userId,
        update,
        logo: file ? { upload: logoUpload(userId, file) } : removeLogo ? { remove: true } : null,
      });
    const answer = await deps.commands.answer(req, change, ({ state }) => {
      const settings: UserSettings = {
        Name: state.current?.name ?? update.Name ?? '',
        DefaultDueDays: update.DefaultDueDays,
        Settings: { ...update.Settings, LogoURL: state.logo ? logoUrl(state.logo.id) : null },
      };
      return { status: 200, body: { settings } };
    });
    sendAnswer(res, answer);
  });
  /** The owner's document language (issue 30): what an invoice is written in unless it or its client says. */
  router.put('/settings/language', requireAuth, async (req, res) => {
    const { language } = parseInput(documentLanguageSettingSchema, req.body);
    const userId = currentUserId(req);
    const answer = await deps.commands.answer(req, changeDocumentLanguage(userId, language), ({ state }) => ({
      status: 200,
      body: { language: state.language ?? 'en' },
    }));
    sendAnswer(res, answer);
  });
  /** The reminder policy and the owner's notification toggles (docs/decisions.md, "Getting paid"). */
  router.put('/settings/reminders', requireAuth, async (req, res) => {
    const settings = parseInput(reminderSettingsSchema, req.body);
    const userId = currentUserId(req);
    const answer = await deps.commands.answer(req, changeReminderSettings(userId, settings), ({ state }) => ({
      status: 200,
      body: { ...(state.reminders ?? settings) },
    }));
    sendAnswer(res, answer);
  });
  /** A numbered series' prefix and next number (issue 27 item 1): numbers are never given twice (D-257). */
  router.put('/settings/document-series/:kind', requireAuth, async (req, res) => {
    const kind = parseInput(documentKindSchema, req.params.kind);
    const { prefix, nextNumber } = parseInput(documentSeriesInputSchema, req.body);
    const userId = currentUserId(req);
    const change = changeDocumentSeries({ userId, kind, prefix, nextSequence: nextNumber });
    const answer = await deps.commands.answer(req, change, ({ state }) => {
      const current = state.prefix ?? documentKindPrefixes[kind];
      return {
        status: 200,
        body: {
          kind,
          prefix: current,
          nextNumber: state.next,
          next: formatDocumentNumber(current, state.next),
        },
      };
    });
    sendAnswer(res, answer);
  });
  /** The owner's DATEV details for the accountant's exports (issue 32 item 1, D-263). */
  router.put('/settings/accounting', requireAuth, async (req, res) => {
    const settings = parseInput(accountingSettingsSchema, req.body);
    const userId = currentUserId(req);
    const answer = await deps.commands.answer(
      req,
      changeAccountingSettings(userId, settings),
      ({ state }) => ({ status: 200, body: { settings: state.accounting ?? settings, saved: true } }),
    );
    sendAnswer(res, answer);
  });
  return router;
}
