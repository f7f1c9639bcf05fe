import { createHash } from 'node:crypto';
import {
  type PublicQuoteView,
  type QuoteDetail,
  quoteListQuerySchema,
  quoteMessages,
  quoteStateOf,
} from '@remit/contracts';
import type { Database, EventStore } from '@remit/eventstore';
import {
  AppError,
  currentUserId,
  type LimitStore,
  parseInput,
  requireAuth,
  sharedRateLimit,
} from '@remit/kit';
import { type Response, Router } from 'express';
import { quoteFileName, renderQuotePdf } from './rendering.js';
import { listQuotes } from './repository.js';
import { readLinkedQuote, readQuote, type StreamQuote } from './stream.js';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

const stateOf = (quote: StreamQuote, moment: Date) =>
  quoteStateOf({ ...quote, invoiced: quote.invoice !== null }, moment);

const lines = (quote: StreamQuote) =>
  quote.content.items.map(({ description, quantity, unitPrice, total }) => ({
    description,
    quantity,
    unitPrice,
    total,
  }));

const noStore = (res: Response) =>
  res.setHeader('Cache-Control', 'private, no-store').setHeader('Referrer-Policy', 'no-referrer');

/** Quotes' read side (docs/api.md, "Quotes"): the list from the read model, a quote and its page from its stream. */
export function quoteQueryRoutes(deps: {
  db: Database;
  store: EventStore;
  now: () => Date;
  limits: LimitStore;
  limitPerMinute: number;
}): Router {
  const { db, store, now } = deps;
  const router = Router();

  async function ownQuote(userId: string, quoteId: string): Promise<StreamQuote> {
    const quote = await readQuote(store, quoteId);
    if (!quote || quote.userId !== userId) throw new AppError('not_found', quoteMessages.notFound);
    return quote;
  }

  router.get('/quotes', requireAuth, async (req, res) => {
    const { state, page } = parseInput(quoteListQuerySchema, req.query);
    const found = await listQuotes(db, { userId: currentUserId(req), state, page, now: now() });
    noStore(res).json({ ...found, page });
  });

  router.get('/quotes/:id', requireAuth, async (req, res) => {
    const quote = await ownQuote(currentUserId(req), String(req.params.id));
    const { content } = quote;
    const answer: QuoteDetail = {
      quote: {
        id: quote.quoteId,
        number: quote.number,
        state: stateOf(quote, now()),
        customerName: content.customer.name,
        customerCompanyName: content.customer.companyName,
        customerEmail: content.customer.email,
        issueDate: content.issueDate,
        validUntil: quote.validUntil,
        timeZone: quote.timeZone,
        subtotal: content.subtotal,
        tax: content.tax,
        total: content.total,
        currency: content.currency,
        items: lines(quote),
        invoiceId: quote.invoice?.id ?? null,
        invoiceNumber: quote.invoice?.number ?? null,
        answer: quote.answer,
        shared: quote.tokenHash !== null,
        updatedAt: quote.history.at(-1)?.at ?? quote.createdAt.toISOString(),
      },
      form: { ...quote.form, validUntil: quote.validUntil, timeZone: quote.timeZone },
      history: quote.history,
    };
    noStore(res).json(answer);
  });

  router.get('/quotes/:id/pdf', requireAuth, async (req, res) => {
    const quote = await ownQuote(currentUserId(req), String(req.params.id));
    noStore(res)
      .type('application/pdf')
      .setHeader('Content-Disposition', `attachment; filename="${quoteFileName(quote.content)}"`)
      .send(await renderQuotePdf(store, quote.content));
  });

  // The customer page: anyone with the link, limited per client address before any read.
  router.use(
    '/public/quotes',
    sharedRateLimit(
      deps.limits,
      'public-quote-ip',
      { windowMs: 60_000, limit: deps.limitPerMinute },
      'Too many requests for quote links from your network. Please wait a minute and try again.',
      { now },
    ),
  );

  async function linkedQuote(token: string): Promise<StreamQuote> {
    const quote = await readLinkedQuote(store, hashOf(token));
    if (!quote) throw new AppError('not_found', quoteMessages.linkNotValid);
    return quote;
  }

  router.get('/public/quotes/:token', async (req, res) => {
    const quote = await linkedQuote(String(req.params.token));
    const { content } = quote;
    const party = (who: typeof content.seller) => ({
      name: who.name,
      companyName: who.companyName,
      email: who.email,
      address: who.address,
    });
    const view: PublicQuoteView = {
      number: quote.number,
      issueDate: content.issueDate,
      validUntil: quote.validUntil,
      state: stateOf(quote, now()),
      currency: content.currency,
      subtotal: content.subtotal,
      tax: content.tax,
      total: content.total,
      seller: party(content.seller),
      customer: party(content.customer),
      items: lines(quote),
      notes: content.notes,
      terms: content.terms,
      answer: quote.answer,
      // The quote's own record, read from its stream, carries its language; one made before issue 30 is English.
      language: content.eInvoice.language ?? 'en',
    };
    noStore(res).json(view);
  });

  router.get('/public/quotes/:token/pdf', async (req, res) => {
    const quote = await linkedQuote(String(req.params.token));
    noStore(res)
      .type('application/pdf')
      .setHeader('Content-Disposition', `attachment; filename="${quoteFileName(quote.content)}"`)
      .send(await renderQuotePdf(store, quote.content));
  });

  return router;
}
