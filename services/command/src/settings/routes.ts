import {
  type LogoEvent,
  logoStreamId,
  profileUpdateSchema,
  settingsStreamId,
  type UserSettings,
} from '@remit/contracts';
import { type EventMetadata, type EventStore, handleCommand, type StreamWrite } from '@remit/eventstore';
import { AppError, currentUserId, parseInput, requireAuth, sendCommandResult } from '@remit/kit';
import { type RequestHandler, Router } from 'express';
import multer from 'multer';
import { logoIdOf, MAX_LOGO_BYTES, sniffImage } from '../invoices/logo.js';
import { commandMetadata } from '../metadata.js';
import { decideSettings, evolveSettings, initialSettingsState } from './decider.js';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_LOGO_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
}).single('logo');

const logoTooLarge = 'The logo must be at most 2 MB';

/** Only multipart requests go through multer; JSON bodies were already parsed. */
const multipart: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) return next();
  upload(req, res, (error: unknown) => {
    if (!error) return next();
    if (error instanceof multer.MulterError) {
      if (error.code === 'LIMIT_FILE_SIZE') {
        return next(
          new AppError('too_large', logoTooLarge, {
            reason: 'logo_too_large',
            fields: { logo: logoTooLarge },
          }),
        );
      }
      return next(
        new AppError('validation', `The upload could not be read (${error.code})`, { cause: error }),
      );
    }
    next(error);
  });
};

/** The settings JSON: the body itself, or the multipart field `settings`. */
function settingsJson(req: { body: unknown; is(type: string): string | false | null }): unknown {
  if (!req.is('multipart/form-data')) return req.body;
  const field = (req.body as { settings?: unknown } | undefined)?.settings;
  if (field === undefined) {
    // Settings are replaced as a whole: a logo alone must not reset the company details to their defaults.
    throw new AppError('validation', 'The settings field is missing', {
      fields: { settings: 'The settings field is missing' },
    });
  }
  if (typeof field !== 'string') {
    throw new AppError('validation', 'The settings field is not valid JSON', {
      fields: { settings: 'The settings field is not valid JSON' },
    });
  }
  try {
    return JSON.parse(field);
  } catch (error) {
    throw new AppError('validation', 'The settings field is not valid JSON', { cause: error });
  }
}

export const logoUrl = (logoId: string) => `/api/logos/${logoId}`;

/**
 * `PUT /settings`: company details, default currency and DefaultDueDays, as the user's own events; with a
 * `logo` file (multipart, stored like the invoice logo) or `removeLogo: true`, the company logo too.
 */
export function settingsRoutes(deps: {
  store: EventStore;
  idempotent: RequestHandler;
  now: () => Date;
}): Router {
  const { store } = deps;
  const router = Router();

  /** The image's `logo-{id}` stream, written once per user and image; sniffed before anything is written. */
  async function logoWrite(userId: string, bytes: Buffer, metadata: EventMetadata) {
    const contentType = sniffImage(bytes);
    const logoId = logoIdOf(userId, bytes);
    const ref = { id: logoId, contentType };
    if ((await store.readStream(logoStreamId(logoId))).length > 0) return { ref, writes: [] };
    const uploaded: LogoEvent = {
      type: 'LogoUploaded',
      data: { logoId, userId, contentType, base64: bytes.toString('base64') },
    };
    const writes: StreamWrite[] = [
      {
        streamId: logoStreamId(logoId),
        events: [{ ...uploaded, metadata: { ...metadata, at: deps.now().toISOString() } }],
        expectedVersion: 'any',
      },
    ];
    return { ref, writes };
  }

  // multer runs before `idempotent`, so the fingerprint covers the `settings` field.
  router.put('/settings', requireAuth, multipart, deps.idempotent, async (req, res) => {
    const { removeLogo, ...update } = parseInput(profileUpdateSchema, settingsJson(req));
    const userId = currentUserId(req);
    const metadata = commandMetadata(req);
    const uploaded = req.file ? await logoWrite(userId, req.file.buffer, metadata) : null;
    const logo = uploaded ? uploaded.ref : removeLogo ? null : undefined;
    const result = await handleCommand({
      store,
      streamId: settingsStreamId(userId),
      initialState: initialSettingsState,
      evolve: evolveSettings,
      decide: decideSettings,
      command: { type: 'ChangeSettings', data: { userId, update, ...(logo !== undefined ? { logo } : {}) } },
      metadata,
      now: deps.now,
      // The image only when the logo changes (an unchanged one was stored with it before).
      extraWrites: (events) =>
        events.some((event) => event.type === 'CompanyLogoChanged') ? (uploaded?.writes ?? []) : [],
    });
    const current = result.state.current;
    const settings: UserSettings = {
      Name: current?.name ?? update.Name ?? '',
      DefaultDueDays: update.DefaultDueDays,
      Settings: { ...update.Settings, LogoURL: result.state.logo ? logoUrl(result.state.logo.id) : null },
    };
    sendCommandResult(res, 200, { settings }, result.position);
  });
  return router;
}
