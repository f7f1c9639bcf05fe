import { type InvoiceContent, invoiceStreamId, invoiceSubmitSchema, toInvoiceView } from '@remit/contracts';
import type { EventStore } from '@remit/eventstore';
import { AppError, currentUserId, parseInput, requireAuth, sendCommandResult } from '@remit/kit';
import { type RequestHandler, Router } from 'express';
import multer from 'multer';
import { commandMetadata } from '../metadata.js';
import { MAX_LOGO_BYTES } from './logo.js';
import type { InvoiceService } from './service.js';

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_LOGO_BYTES, files: 1, fields: 10, fieldSize: 1024 * 1024, parts: 12 },
}).single('logo');

/** multer's errors as the API states them: 413 for a logo over 2 MB, 400 for anything else malformed. */
const multipart: RequestHandler = (req, res, next) => {
  upload(req, res, (error: unknown) => {
    if (!error) return next();
    if (error instanceof multer.MulterError) {
      if (error.code === 'LIMIT_FILE_SIZE') {
        return next(
          new AppError('too_large', 'The logo must be at most 2 MB', {
            reason: 'logo_too_large',
            fields: { logo: 'The logo must be at most 2 MB' },
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

function invoiceJson(body: unknown): unknown {
  const field = (body as { invoice?: unknown } | undefined)?.invoice;
  if (typeof field !== 'string')
    throw new AppError('validation', 'The invoice field is missing', {
      fields: { invoice: 'The invoice field is missing' },
    });
  try {
    return JSON.parse(field);
  } catch (error) {
    throw new AppError('validation', 'The invoice field is not valid JSON', { cause: error });
  }
}

/** The command's answer, built from the events it wrote (the read models follow; see `position`). */
async function invoiceAnswer(store: EventStore, invoiceId: string) {
  const events = await store.readStream(invoiceStreamId(invoiceId));
  const first = events[0];
  const last = events.at(-1);
  if (!first || !last) throw new AppError('internal', 'The invoice was not written');
  const {
    invoiceId: _id,
    userId: _user,
    status: _status,
    ...content
  } = last.data as InvoiceContent & {
    invoiceId: string;
    userId: string;
    status?: string;
  };
  return toInvoiceView(
    invoiceId,
    content,
    'Draft',
    first.createdAt.toISOString(),
    last.createdAt.toISOString(),
  );
}

export function invoiceRoutes(deps: {
  invoices: InvoiceService;
  store: EventStore;
  idempotent: RequestHandler;
}): Router {
  const { invoices, store, idempotent } = deps;
  const router = Router();

  // multer runs before `idempotent`, so the fingerprint covers the `invoice` JSON field.
  router.post('/invoices', requireAuth, multipart, idempotent, async (req, res) => {
    const input = parseInput(invoiceSubmitSchema, invoiceJson(req.body));
    const logo = req.file ? { bytes: req.file.buffer } : null;
    const { invoiceId, position } = await invoices.issue(
      currentUserId(req),
      input,
      logo,
      commandMetadata(req),
    );
    sendCommandResult(res, 201, { invoice: await invoiceAnswer(store, invoiceId) }, position);
  });

  router.put('/invoices/:id', requireAuth, idempotent, async (req, res) => {
    const input = parseInput(invoiceSubmitSchema, req.body);
    const invoiceId = String(req.params.id);
    const { position } = await invoices.revise(currentUserId(req), invoiceId, input, commandMetadata(req));
    sendCommandResult(res, 200, { invoice: await invoiceAnswer(store, invoiceId) }, position);
  });

  router.delete('/invoices/:id', requireAuth, idempotent, async (req, res) => {
    const { position } = await invoices.remove(
      currentUserId(req),
      String(req.params.id),
      commandMetadata(req),
    );
    sendCommandResult(res, 200, {}, position);
  });

  return router;
}
