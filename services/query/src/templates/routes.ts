import {
  invoiceContentFrom,
  invoiceFormSchema,
  logoMessages,
  MAX_LOGO_BYTES,
  sampleInvoiceDocument,
  sniffLogoType,
} from '@remit/contracts';
import type { Database, EventStore } from '@remit/eventstore';
import {
  AppError,
  currentUserId,
  jsonField,
  multipartUpload,
  parseInput,
  requireAuth,
  uploadedFile,
} from '@remit/kit';
import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import { findTemplate, listTemplates, RenderError, readThumbnail, renderPreview } from '../pdf/index.js';
import { renderInvoicePreview } from '../pdf/render.js';
import { renderFailure } from '../pdf/render-failure.js';
import { sellerDefaults } from '../settings/repository.js';
import { findActivePaymentMethod } from './repository.js';

const templateIdOf = (id: string | string[] | undefined) => {
  const template = typeof id === 'string' ? findTemplate(id) : undefined;
  if (!template) throw new AppError('not_found', 'No such template');
  return template.id;
};

/**
 * The unsaved form of step 1 (the submit payload; its template is the one in the path) and its logo, as
 * POST /invoices takes them: multipart with the invoice JSON in `invoice` and the logo file in `logo`, or
 * JSON `{ invoice, logo? }` with the logo as a data URL (small logos only: JSON bodies stop at 256 kB).
 */
const previewRequestSchema = z.object({
  invoice: invoiceFormSchema,
  logo: z
    .string()
    .regex(/^data:[\w/+.-]+;base64,[A-Za-z0-9+/=\s]*$/, logoMessages.notAnImage)
    .nullish(),
});

const multipart = multipartUpload({
  file: 'logo',
  maxBytes: MAX_LOGO_BYTES,
  tooLarge: logoMessages.tooLarge,
  maxFieldBytes: 1024 * 1024,
});

/** The request's invoice and logo bytes, from either form of the request. */
function previewInput(req: Request): { invoice: unknown; logo: Buffer | null } {
  if (req.is('multipart/form-data'))
    return { invoice: jsonField(req.body, 'invoice'), logo: uploadedFile(req) };
  const { invoice, logo } = parseInput(previewRequestSchema.partial({ invoice: true }), req.body);
  return { invoice, logo: logo ? Buffer.from(logo.slice(logo.indexOf(',') + 1), 'base64') : null };
}

/**
 * The logo as the renderer gets it for the PDF: by its real type (sniffed like POST /invoices does, so an
 * SVG dressed as a PNG is refused with 415, never rendered), at most 2 MB.
 */
function logoForPreview(bytes: Buffer | null): string | undefined {
  if (!bytes) return undefined;
  if (bytes.length > MAX_LOGO_BYTES) {
    throw new AppError('too_large', logoMessages.tooLarge, { fields: { logo: logoMessages.tooLarge } });
  }
  const contentType = sniffLogoType(bytes);
  if (!contentType) {
    throw new AppError('unsupported_media_type', logoMessages.notAnImage, {
      reason: 'logo_not_an_image',
      fields: { logo: logoMessages.notAnImage },
    });
  }
  return `data:${contentType};base64,${bytes.toString('base64')}`;
}

function sendHtml(res: Response, html: string) {
  // The preview frame shows our own SVG; it may be framed only by the app itself.
  res.type('html').setHeader('Cache-Control', 'private, max-age=300').send(html);
}

/**
 * Templates (spec §7): the gallery, its thumbnails, each template's preview on sample data (public:
 * an <img> or <iframe> cannot send a bearer token, and nothing here is a user's), and a preview of the
 * signed-in user's own unsaved invoice for step 2 of the wizard.
 */
export function templateRoutes(deps: { db: Database; store: EventStore }): Router {
  const router = Router();
  const samplePreviews = new Map<string, Promise<string>>();

  router.get('/templates/get', (_req, res) => {
    res.json(listTemplates());
  });

  router.get('/templates/:id/thumbnail', async (req, res) => {
    const thumbnail = await readThumbnail(templateIdOf(req.params.id));
    if (!thumbnail) throw new AppError('not_found', 'No such template');
    res.type(thumbnail.contentType).setHeader('Cache-Control', 'public, max-age=86400').send(thumbnail.bytes);
  });

  router.get('/templates/:id/html', async (req, res) => {
    const id = templateIdOf(req.params.id);
    let preview = samplePreviews.get(id);
    if (!preview) {
      preview = renderPreview(sampleInvoiceDocument(), id);
      samplePreviews.set(id, preview);
      preview.catch(() => samplePreviews.delete(id));
    }
    try {
      sendHtml(res, await preview);
    } catch (error) {
      throw renderFailure(error);
    }
  });

  router.post('/templates/:id/preview', requireAuth, multipart, async (req, res) => {
    const id = templateIdOf(req.params.id);
    const input = previewInput(req);
    const { invoice } = parseInput(previewRequestSchema.pick({ invoice: true }), { invoice: input.invoice });
    const logo = logoForPreview(input.logo);
    const userId = currentUserId(req);
    const [method, defaults] = await Promise.all([
      findActivePaymentMethod(deps.db, userId, invoice.paymentMethodId),
      sellerDefaults(deps.store, userId),
    ]);
    // The invoice as issuing would record it (the same e-invoice model, the profile's seller details), so the
    // step-2 preview is what the issued invoice's preview and PDF show.
    const model = invoiceContentFrom(invoice, {
      logo: null,
      paymentMethod: method,
      template: { id, name: id, componentName: id },
      seller: defaults.seller,
      language: defaults.language,
    }).eInvoice;
    const preview = (dataUrl: string | undefined) =>
      renderInvoicePreview(model, id, dataUrl ? { logo: { dataUrl } } : {});
    try {
      sendHtml(res, await preview(logo));
    } catch (error) {
      // A logo with the right first bytes and a broken rest fails the compilation: if the invoice renders
      // without it, the logo was the client's mistake (400), not ours.
      if (logo && error instanceof RenderError && error.code === 'compile_failed') {
        const withoutLogo = await preview(undefined).catch(() => null);
        if (withoutLogo !== null) throw renderFailure(new RenderError('invalid_logo', error.message));
      }
      throw renderFailure(error);
    }
  });

  return router;
}
