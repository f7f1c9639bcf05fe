import { randomUUID } from 'node:crypto';
import {
  convertQuoteSchema,
  dayIn,
  type InvoiceRecord,
  quoteMessages,
  quoteStreamId,
  quoteSubmitSchema,
  sendInvoiceSchema,
} from '@remit/contracts';
import {
  convertQuote,
  createQuote,
  type QuoteState,
  quoteContent,
  quoteDecider,
  quoteStep,
} from '@remit/domain';
import { type EventStore, foldEvents } from '@remit/eventstore';
import {
  AppError,
  currentUserId,
  eventCodec,
  type LimitStore,
  type Logger,
  parseInput,
  queueMail,
  requireAuth,
} from '@remit/kit';
import { Router } from 'express';
import { type Commands, sendAnswer } from '../commands.js';
import type { InvoiceCommands } from '../invoices/service.js';
import { hashShareToken, newShareToken } from '../invoices/share-routes.js';
import { quoteAnswerRoutes } from './answer-routes.js';
import { quoteEmail } from './quote-email.js';

/** The quote's PDF (the query side renders it): what a send attaches. */
export type QuotePdfSource = (content: InvoiceRecord) => Promise<{ pdf: Buffer; filename: string }>;

const notFound = () => new AppError('not_found', quoteMessages.notFound);

/**
 * Quotes (docs/api.md, "Quotes"; issue 33): thin routes over the quote's decider. The owner's commands are
 * idempotent with the form's `Idempotency-Key`; the customer's answer comes from `/q/{token}` without a sign-in,
 * rate limited per client address, and mails the owner in the transaction that records it.
 */
export function quoteRoutes(deps: {
  commands: Commands;
  store: EventStore;
  invoices: InvoiceCommands;
  now: () => Date;
  appUrl: string;
  mailDomain: string;
  deliverMail: (id: string) => Promise<unknown>;
  logger: Logger;
  limits: LimitStore;
  publicLimitPerMinute: number;
  quotePdf?: QuotePdfSource;
}): Router {
  const { commands, store, invoices, now } = deps;
  const base = deps.appUrl.replace(/\/+$/, '');
  const router = Router();

  /** The quote as its stream states it; 404 when it is not the user's (or not there). */
  async function ownQuote(userId: string, quoteId: string): Promise<QuoteState> {
    const state = foldEvents(quoteDecider, await store.readStream(quoteStreamId(quoteId)), eventCodec);
    if (!state.exists || state.deleted || state.userId !== userId) throw notFound();
    return state;
  }

  async function deliver(id: string | undefined, what: Record<string, unknown>) {
    if (!id) return;
    await deps.deliverMail(id).catch((error: unknown) => {
      deps.logger.warn({ err: error, ...what }, 'quote mail queued; its first delivery failed');
    });
  }

  const quoteAnswer =
    (status: number) =>
    ({ state }: { state: QuoteState }) => ({
      status,
      body: { id: state.quoteId, number: state.number, validUntil: state.validUntil },
    });

  router.post('/quotes', requireAuth, async (req, res) => {
    const submit = parseInput(quoteSubmitSchema, req.body);
    const userId = currentUserId(req);
    const create = async () =>
      createQuote({
        quoteId: randomUUID(),
        userId,
        submit,
        content: await invoices.contentOf(userId, submit),
      });
    sendAnswer(
      res,
      await commands.idempotently(req, (finish) =>
        finish(create, ({ events }) => {
          const made = events.flatMap((event) =>
            event.type === 'DocumentNumberAssigned' ? [event.data] : [],
          );
          const number = made[0]?.number ?? null;
          return {
            status: 201,
            body: { id: made[0]?.documentId ?? null, number, validUntil: submit.validUntil },
          };
        }),
      ),
    );
  });

  router.put('/quotes/:id', requireAuth, async (req, res) => {
    const submit = parseInput(quoteSubmitSchema, req.body);
    const userId = currentUserId(req);
    const quoteId = String(req.params.id);
    const revise = async () => {
      const quote = await ownQuote(userId, quoteId);
      const content = await invoices.contentOf(userId, submit, quote.content?.paymentMethod ?? null);
      const { validUntil, timeZone, ...form } = submit;
      return quoteStep({
        type: 'ReviseQuote',
        data: {
          quoteId,
          userId,
          validUntil,
          timeZone,
          form: form as Record<string, unknown>,
          content: quoteContent(content, quote.number ?? '', validUntil),
        },
      });
    };
    sendAnswer(res, await commands.answer(req, revise, quoteAnswer(200)));
  });

  router.delete('/quotes/:id', requireAuth, async (req, res) => {
    const command = quoteStep({
      type: 'DeleteQuote',
      data: { quoteId: String(req.params.id), userId: currentUserId(req) },
    });
    sendAnswer(res, await commands.answer(req, command, () => ({ status: 200, body: {} })));
  });

  router.post('/quotes/:id/share', requireAuth, async (req, res) => {
    const token = newShareToken();
    const command = quoteStep({
      type: 'ShareQuote',
      data: {
        quoteId: String(req.params.id),
        userId: currentUserId(req),
        shareId: randomUUID(),
        tokenHash: hashShareToken(token),
      },
    });
    sendAnswer(
      res,
      await commands.answer(req, command, () => ({ status: 201, body: { url: `${base}/q/${token}` } })),
    );
  });

  /**
   * Sends the quote: the PDF is rendered first, the mail (with a new page link) queued in the transaction that
   * records `QuoteSent`, then tried at once; a refusal stays queued for the delivery loop.
   */
  router.post('/quotes/:id/send', requireAuth, async (req, res) => {
    const input = parseInput(sendInvoiceSchema, req.body ?? {});
    const { quotePdf } = deps;
    if (!quotePdf) throw new AppError('unavailable', 'Sending quotes is not available here');
    const userId = currentUserId(req);
    const quoteId = String(req.params.id);
    const token = newShareToken();
    let pdf: { pdf: Buffer; filename: string } | undefined;
    let queued: string | undefined;
    const send = async () => {
      const quote = await ownQuote(userId, quoteId);
      if (quote.content) pdf = await quotePdf(quote.content);
      return quoteStep({
        type: 'SendQuote',
        data: {
          quoteId,
          userId,
          sendId: randomUUID(),
          to: input.to,
          cc: input.cc,
          subject: input.subject,
          share: { shareId: randomUUID(), tokenHash: hashShareToken(token) },
        },
      });
    };
    const answer = await commands.answer(
      req,
      send,
      ({ events }) => {
        const sent = events.find((event) => event.type === 'QuoteSent');
        if (sent?.type !== 'QuoteSent') return { status: 200, body: {} };
        const { sendId, to, cc, subject } = sent.data;
        return { status: 201, body: { sendId, to, cc, subject } };
      },
      async (tx, outcome) => {
        const sent = outcome.events.find((event) => event.type === 'QuoteSent');
        const { content, validUntil } = outcome.state;
        if (sent?.type !== 'QuoteSent' || !content || !pdf) return;
        const message = quoteEmail({
          ...sent.data,
          message: input.message,
          content,
          validUntil,
          pageUrl: `${base}/q/${token}`,
          pdf: { filename: pdf.filename, content: pdf.pdf },
          mailDomain: deps.mailDomain,
        });
        queued = `quote-send-${sent.data.sendId}`;
        await queueMail(tx, queued, message, now());
      },
    );
    await deliver(queued, { quoteId });
    sendAnswer(res, answer);
  });

  /**
   * 'Convert to invoice': the invoice is dated the owner's day and numbered as the quote's form said (or as the
   * body says). Once: a second conversion is 409 quote_invoiced; the same key gives the first answer.
   */
  router.post('/quotes/:id/invoice', requireAuth, async (req, res) => {
    const input = parseInput(convertQuoteSchema, req.body ?? {});
    const userId = currentUserId(req);
    const quoteId = String(req.params.id);
    const invoiceId = randomUUID();
    let invoiceNumber = '';
    const convert = async () => {
      const quote = await ownQuote(userId, quoteId);
      invoiceNumber = input.invoiceNumber ?? String(quote.form?.invoiceNumber ?? '');
      return convertQuote({
        quoteId,
        userId,
        invoiceId,
        invoiceNumber,
        issueDate: dayIn(now(), quote.timeZone),
      });
    };
    sendAnswer(
      res,
      await commands.answer(req, convert, () => ({
        status: 201,
        body: { quoteId, invoiceId, invoiceNumber },
      })),
    );
  });

  router.use(quoteAnswerRoutes({ ...deps, deliver }));

  return router;
}
