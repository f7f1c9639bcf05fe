import { type InvoiceContent, invoiceFormSchema, sampleInvoiceDocument } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { AppError, currentUserId, parseInput, requireAuth } from '@remit/kit';
import { readModels } from '@remit/projector';
import { and, eq } from 'drizzle-orm';
import { type Response, Router } from 'express';
import { z } from 'zod';
import { documentFromForm } from '../invoices/document.js';
import { findTemplate, listTemplates, RenderError, readThumbnail, renderPreview } from '../pdf/index.js';

/** Renderer failures as the API states them: a clear message, never a hang or a stack. */
export function toAppError(error: unknown): unknown {
  if (!(error instanceof RenderError)) return error;
  switch (error.code) {
    case 'unknown_template':
      return new AppError('not_found', 'No such template', { cause: error });
    case 'invalid_logo':
      return new AppError(
        'validation',
        'The logo could not be read. Use a PNG, JPEG, GIF, WebP or SVG image.',
        {
          cause: error,
        },
      );
    case 'busy':
      return new AppError('unavailable', 'The invoice renderer is busy. Please try again in a moment.', {
        cause: error,
      });
    default:
      return new AppError('internal', 'Failed to generate invoice. Please contact support.', {
        cause: error,
      });
  }
}

const templateIdOf = (id: string | string[] | undefined) => {
  const template = typeof id === 'string' ? findTemplate(id) : undefined;
  if (!template) throw new AppError('not_found', 'No such template');
  return template.id;
};

/** The unsaved form of step 1 (the submit payload; its template is the one in the path) and its logo. */
const previewRequestSchema = z.object({
  invoice: invoiceFormSchema,
  logo: z
    .string()
    .max(3_000_000)
    .regex(/^data:image\/(png|jpeg|gif|webp);base64,/, 'The logo must be a PNG, JPEG, GIF or WebP image')
    .nullish(),
});

function sendHtml(res: Response, html: string) {
  // The preview frame shows our own SVG; it may be framed only by the app itself.
  res.type('html').setHeader('Cache-Control', 'private, max-age=300').send(html);
}

/**
 * Templates (spec §7): the gallery, its thumbnails, each template's preview on sample data (public:
 * an <img> or <iframe> cannot send a bearer token, and nothing here is a user's), and a preview of the
 * signed-in user's own unsaved invoice for step 2 of the wizard.
 */
/** The chosen payment method as the invoice would snapshot it: the user's own and active, else none. */
async function activePaymentMethod(
  db: Database,
  userId: string,
  id: string | null | undefined,
): Promise<InvoiceContent['paymentMethod']> {
  if (!id) return null;
  const { paymentMethods } = readModels;
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(
      and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), eq(paymentMethods.isActive, true)),
    )
    .limit(1);
  if (!row) return null;
  const type = row.type === 'bank_transfer' ? 'bank_transfer' : 'digital';
  const present = (value: string) => (value ? value : undefined);
  return {
    id: row.id,
    name: row.name,
    type,
    ...(present(row.bankName) ? { bankName: row.bankName } : {}),
    ...(present(row.iban) ? { iban: row.iban } : {}),
    ...(present(row.swift) ? { swift: row.swift } : {}),
    ...(present(row.accountNumber) ? { accountNumber: row.accountNumber } : {}),
    ...(present(row.paymentLink) ? { paymentLink: row.paymentLink } : {}),
    ...(present(row.instructions) ? { instructions: row.instructions } : {}),
  };
}

export function templateRoutes(deps: { db: Database }): Router {
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
      throw toAppError(error);
    }
  });

  router.post('/templates/:id/preview', requireAuth, async (req, res) => {
    const id = templateIdOf(req.params.id);
    const { invoice, logo } = parseInput(previewRequestSchema, req.body);
    try {
      const method = await activePaymentMethod(deps.db, currentUserId(req), invoice.paymentMethodId);
      sendHtml(res, await renderPreview(documentFromForm(invoice, logo ?? undefined, method), id));
    } catch (error) {
      throw toAppError(error);
    }
  });

  return router;
}
