import { createHash } from 'node:crypto';
import { customerPageMessages, type SharedInvoiceOwnerAnswer } from '@remit/contracts';
import type { Database, EventStore } from '@remit/eventstore';
import { AppError, currentUserId, type LimitStore, requireAuth, sharedRateLimit } from '@remit/kit';
import { type Response, Router } from 'express';
import type { Paywall } from '../billing/repository.js';
import { creditNoteFileName, renderCreditNotePdf } from '../credit-notes/rendering.js';
import { findCreditNote } from '../credit-notes/repository.js';
import { utcDate } from '../profile/stats.js';
import { invoiceFacts } from './einvoice.js';
import { accessFor, isLocked } from './locking.js';
import { publicInvoiceView } from './public-view.js';
import { invoiceRendering } from './rendering.js';
import { findSharedInvoice, type InvoiceRow } from './repository.js';

/** One answer for every token that opens nothing: wrong, stopped, never made, or its invoice gone. */
const notFound = () => new AppError('not_found', 'This invoice link is not valid');

/** A token is 43 base64url characters; anything else cannot be one, but is hashed and looked up the same. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The invoice a link opens, or null: a wrong or stopped link, or an invoice since locked (the subscription lapsed). */
export async function findOpenSharedInvoice(
  db: Database,
  paywall: Paywall,
  token: string,
): Promise<InvoiceRow | null> {
  const row = await findSharedInvoice(db, hashOf(token));
  if (!row || isLocked(await accessFor(paywall, row.userId), row)) return null;
  return row;
}

/**
 * The customer page's read side (docs/decisions.md, "Getting paid": the customer page), with no sign-in: the
 * token's hash finds the invoice (only active links, `findSharedInvoice`). Nothing answers with the owner's account.
 */
export function publicInvoiceRoutes(deps: {
  db: Database;
  paywall: Paywall;
  store: EventStore;
  now: () => Date;
  /** The shared rate-limit counters, and how many requests a client address may make per minute. */
  limits: LimitStore;
  limitPerMinute: number;
  /** Records a view (at most hourly, decided on the invoice); absent where no command side is at hand. */
  recordView?: (invoiceId: string, userId: string) => Promise<void>;
}): Router {
  const { db } = deps;
  const router = Router();
  const { renderHtml, renderDownload } = invoiceRendering(deps.store, (row: InvoiceRow) =>
    invoiceFacts(db, deps.store, row),
  );
  // Before any lookup: a client past its limit costs one counter update, no read and no render. The owner's
  // question about a link counts against the same limit (it is a lookup by token too).
  const limited = sharedRateLimit(
    deps.limits,
    'public-invoice-ip',
    { windowMs: 60_000, limit: deps.limitPerMinute },
    customerPageMessages.tooManyRequests,
    { now: deps.now },
  );
  router.use(['/public/invoices', '/shared-invoices'], limited);

  async function sharedInvoice(token: string): Promise<InvoiceRow> {
    const row = await findOpenSharedInvoice(db, deps.paywall, token);
    if (!row) throw notFound();
    return row;
  }

  const noStore = (res: Response) =>
    res.setHeader('Cache-Control', 'private, no-store').setHeader('Referrer-Policy', 'no-referrer');

  router.get('/public/invoices/:token', async (req, res) => {
    const row = await sharedInvoice(String(req.params.token));
    // The owner looking at their own link is not the customer viewing it (the page sends the owner's token
    // when one is signed in on that browser; the answer is the same either way).
    if (deps.recordView && req.auth?.userId !== row.userId) await deps.recordView(row.id, row.userId);
    noStore(res).json(await publicInvoiceView(db, deps.store, row, utcDate(deps.now())));
  });

  router.get('/public/invoices/:token/preview', async (req, res) => {
    const row = await sharedInvoice(String(req.params.token));
    noStore(res)
      .type('html')
      .send(await renderHtml(row));
  });

  router.get('/public/invoices/:token/pdf', async (req, res) => {
    const row = await sharedInvoice(String(req.params.token));
    noStore(res)
      .type('application/pdf')
      .setHeader('Content-Disposition', `attachment; filename="Invoice_${row.number}_${row.issueDate}.pdf"`)
      .send(await renderDownload(row));
  });

  // A credit note of the link's invoice (issue 27): only one that corrects that very invoice.
  router.get('/public/invoices/:token/credit-notes/:id/pdf', async (req, res) => {
    const row = await sharedInvoice(String(req.params.token));
    const creditNote = await findCreditNote(deps.store, row.userId, String(req.params.id));
    if (!creditNote || creditNote.invoiceId !== row.id)
      throw new AppError('not_found', 'Credit note not found');
    noStore(res)
      .type('application/pdf')
      .setHeader('Content-Disposition', `attachment; filename="${creditNoteFileName(creditNote)}"`)
      .send(await renderCreditNotePdf(deps.store, creditNote));
  });

  // The customer page's owner bar: the invoice id, only to the signed-in owner of the link's invoice. Anyone
  // else (another user, a stopped or wrong link, a locked invoice) gets the public 404 and body, so a signed-in
  // stranger learns nothing a signed-out one could not.
  router.get('/shared-invoices/:token', requireAuth, async (req, res) => {
    const userId = currentUserId(req);
    const row = await sharedInvoice(String(req.params.token));
    if (row.userId !== userId) throw notFound();
    const answer: SharedInvoiceOwnerAnswer = { invoiceId: row.id };
    noStore(res).json(answer);
  });

  return router;
}
