import {
  type InvoiceListAnswer,
  type InvoiceStatus,
  invoiceListQuerySchema,
  type RecentInvoicesAnswer,
  toInvoiceView,
} from '@remit/contracts';
import type { Database, EventStore } from '@remit/eventstore';
import { AppError, currentUserId, parseInput, requireAuth } from '@remit/kit';
import { nextInvoiceNumber } from '@remit/readmodels';
import { type Response, Router } from 'express';
import { z } from 'zod';
import { type Paywall, requireSubscription, subscriptionRequired } from '../billing/repository.js';
import { creditNoteSummaries } from '../credit-notes/repository.js';
import { recentInvoices, utcDate } from '../profile/stats.js';
import { collectionDetails } from './collection.js';
import { logoDataUrl } from './document.js';
import { editFormOf } from './edit-form.js';
import { invoiceFacts, invoiceLanguageOf, sendEInvoice } from './einvoice.js';
import { historyOf } from './history.js';
import { type Access, isLocked, openInvoice } from './locking.js';
import { invoiceRendering } from './rendering.js';
import { type InvoiceRow, listInvoices, toListItem } from './repository.js';
import { summaryOf } from './summary.js';

const generatePdfSchema = z.object({ invoiceId: z.string().trim().min(1, 'invoiceId is required').max(100) });

function sendPdf(res: Response, pdf: Buffer, filename: string) {
  res
    .type('application/pdf')
    .setHeader('Content-Disposition', `attachment; filename="${filename}"`)
    .setHeader('Cache-Control', 'private, no-store')
    .send(pdf);
}

export function invoiceQueryRoutes(deps: {
  db: Database;
  store: EventStore;
  paywall: Paywall;
  now: () => Date;
}): Router {
  const { db, store, paywall } = deps;
  const today = () => utcDate(deps.now());
  const router = Router();

  const { renderHtml, renderDownload } = invoiceRendering(store, (row: InvoiceRow) =>
    invoiceFacts(db, store, row),
  );

  router.get('/invoices', requireAuth, async (req, res) => {
    const userId = currentUserId(req);
    const query = parseInput(invoiceListQuerySchema, req.query);
    // The subscription comes with the page (one statement); a refused request's page is never shown.
    const list = await listInvoices(db, userId, query, today());
    // With BILLING=off every account is a subscriber, whatever the subscriptions read model says.
    const subscribed = list.subscribed || !paywall.billingOn;
    if (!subscribed && (query.page > 1 || query.search || query.status || query.after || query.before)) {
      throw subscriptionRequired('Subscribe to search and page through all your invoices');
    }
    // Without a subscription only page 1, unfiltered, gets here: its first row is the newest invoice,
    // the one left open (`newestInvoiceId` orders alike).
    const access: Access = {
      subscribed,
      newestId: subscribed ? null : (list.rows[0]?.id ?? null),
    };
    const page = query.before && !list.previousCursor ? 1 : query.page;
    const answer: InvoiceListAnswer = {
      invoices: list.rows.map((row) => toListItem(row, isLocked(access, row))),
      pagination: {
        page,
        limit: query.limit,
        total: list.total,
        total_pages: Math.ceil(list.total / query.limit),
        total_capped: list.capped,
        next_cursor: list.nextCursor,
        previous_cursor: list.previousCursor,
      },
    };
    res.json(answer);
  });

  // The profile's 'Recent Invoices' (paid feature): the 5 newest with their Paid/Pending/Overdue/Draft status.
  router.get('/invoices/recent', requireAuth, async (req, res) => {
    const userId = currentUserId(req);
    await requireSubscription(paywall, userId, 'recent invoices');
    const answer: RecentInvoicesAnswer = { invoices: await recentInvoices(db, userId, today()) };
    res.json(answer);
  });

  router.get('/invoices/summary', requireAuth, async (req, res) => {
    res.json({ summary: await summaryOf(db, currentUserId(req)) });
  });

  router.get('/invoices/next-number', requireAuth, async (req, res) => {
    res.json({ number: await nextInvoiceNumber(db, currentUserId(req)) });
  });

  router.get('/invoices/:id', requireAuth, async (req, res) => {
    const userId = currentUserId(req);
    const row = await openInvoice(paywall, userId, String(req.params.id));
    res.json({
      ...toInvoiceView(
        row.id,
        row.content,
        row.status as InvoiceStatus,
        row.createdAt.toISOString(),
        row.updatedAt.toISOString(),
      ),
      Collection: await collectionDetails(db, userId, row, today(), await invoiceLanguageOf(db, store, row)),
      CreditNotes: await creditNoteSummaries(store, row.id),
    });
  });

  router.get('/invoices/:id/form', requireAuth, async (req, res) => {
    const row = await openInvoice(paywall, currentUserId(req), String(req.params.id));
    res.json(await editFormOf(store, row));
  });

  router.get('/invoices/:id/history', requireAuth, async (req, res) => {
    const row = await openInvoice(paywall, currentUserId(req), String(req.params.id));
    res.json({ events: await historyOf(db, store, row.id) });
  });

  router.get('/invoices/:id/preview', requireAuth, async (req, res) => {
    const row = await openInvoice(paywall, currentUserId(req), String(req.params.id));
    res
      .type('html')
      .setHeader('Cache-Control', 'private, no-store')
      .send(await renderHtml(row));
  });

  router.get('/invoices/:id/pdf', requireAuth, async (req, res) => {
    const row = await openInvoice(paywall, currentUserId(req), String(req.params.id));
    sendPdf(res, await renderDownload(row), `invoice-${row.id}.pdf`);
  });

  router.get('/invoices/:id/einvoice', requireAuth, async (req, res) => {
    const row = await openInvoice(paywall, currentUserId(req), String(req.params.id));
    await sendEInvoice(req, res, db, store, row);
  });

  router.post('/generate-pdf', requireAuth, async (req, res) => {
    const { invoiceId } = parseInput(generatePdfSchema, req.body);
    const row = await openInvoice(paywall, currentUserId(req), invoiceId);
    sendPdf(res, await renderDownload(row), `Invoice_${row.number}_${row.issueDate}.pdf`);
  });

  router.get('/logos/:id', async (req, res) => {
    const id = String(req.params.id);
    const dataUrl = /^[a-f0-9]{40}$/.test(id) ? await logoDataUrl(store, id) : undefined;
    if (!dataUrl) throw new AppError('not_found', 'No such logo');
    const [, contentType = '', base64 = ''] = /^data:([^;]+);base64,(.*)$/s.exec(dataUrl) ?? [];
    res
      .type(contentType)
      .setHeader('Cache-Control', 'private, max-age=31536000, immutable')
      .setHeader('X-Content-Type-Options', 'nosniff')
      .send(Buffer.from(base64, 'base64'));
  });

  return router;
}
