import { randomUUID } from 'node:crypto';
import {
  type CollectionAnswer,
  type InvoiceStreamEvent,
  invoiceRemindersSchema,
  invoiceSendMailId,
  recordPaymentSchema,
  reversePaymentSchema,
  type SendInvoiceAnswer,
  type StreamInvoice,
  sendInvoiceSchema,
  voidInvoiceSchema,
} from '@remit/contracts';
import { balanceOf, collectInvoice, type InvoiceState, isSettled } from '@remit/domain';
import type { EventStore, StepOutcome } from '@remit/eventstore';
import { AppError, currentUserId, type Logger, parseInput, queueMail, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { unmatchOnReversal } from '../bank/unmatch.js';
import { type Commands, sendAnswer } from '../commands.js';
import { invoiceEmail } from './invoice-email.js';
import { hashShareToken, newShareToken } from './share-routes.js';
import { streamInvoice } from './stream-invoice.js';

/** Where the invoice stands after the command, from its state (the read models follow `position`). */
function collectionAnswer(status: number, paymentId: string | null) {
  return ({ state }: StepOutcome<InvoiceState, InvoiceStreamEvent>) => {
    const { invoiceId, content, collection } = state;
    if (!invoiceId || !content) return { status, body: {} };
    const body: CollectionAnswer = {
      invoiceId,
      total: content.total,
      currency: content.currency,
      amountPaid: collection.paid,
      balance: balanceOf(content, collection),
      voided: collection.voided,
      settled: isSettled(content, collection),
      paymentId,
    };
    return { status, body };
  };
}

/**
 * Getting paid (docs/api.md, "Payments"): record a payment ('Mark as paid' is one without an amount),
 * reverse one, void the invoice. Each is a command on the invoice's own decider.
 */
/** The PDF of an own, open invoice (the query side's; 404 not theirs, 402 locked). */
export type InvoicePdfSource = (
  userId: string,
  invoice: StreamInvoice,
) => Promise<{ pdf: Buffer; filename: string }>;

export function collectionRoutes(deps: {
  commands: Commands;
  store: EventStore;
  now: () => Date;
  /** Attempts the delivery of one queued mail (the kit's `mailDelivery`); a refusal stays queued. */
  deliverMail: (id: string) => Promise<unknown>;
  logger: Logger;
  /** Absent where the command service runs without the renderer: sending is then unavailable. */
  invoicePdf?: InvoicePdfSource;
  /** The domain of the sends' Message-IDs (APP_URL's host). */
  mailDomain: string;
  /** APP_URL, for the customer page link a send makes. */
  appUrl: string;
  /** The owner takes online payments (issue 31): the mail's 'Pay {amount}' opens the customer page's checkout. */
  takesOnlinePayments?: (userId: string) => Promise<boolean>;
}): Router {
  const { commands, now } = deps;
  const router = Router();

  router.post('/invoices/:id/payments', requireAuth, async (req, res) => {
    const input = parseInput(recordPaymentSchema, req.body);
    const paymentId = randomUUID();
    const command = collectInvoice({
      type: 'RecordPayment',
      data: {
        invoiceId: String(req.params.id),
        userId: currentUserId(req),
        paymentId,
        amount: input.amount,
        date: input.date ?? now().toISOString().slice(0, 10),
        today: now().toISOString().slice(0, 10),
        method: input.method,
        reference: input.reference,
        note: input.note,
      },
    });
    sendAnswer(res, await commands.answer(req, command, collectionAnswer(201, paymentId)));
  });

  router.post('/invoices/:id/payments/:paymentId/reverse', requireAuth, async (req, res) => {
    const input = parseInput(reversePaymentSchema, req.body);
    const paymentId = String(req.params.paymentId);
    const userId = currentUserId(req);
    const today = now().toISOString().slice(0, 10);
    const command = collectInvoice(
      {
        type: 'ReversePayment',
        data: { invoiceId: String(req.params.id), userId, paymentId, reason: input.reason },
      },
      await unmatchOnReversal(deps.store, userId, paymentId, today),
    );
    sendAnswer(res, await commands.answer(req, command, collectionAnswer(200, paymentId)));
  });

  /** Per-invoice opt-out of the owner's automatic reminders (`{ enabled: false }`), and back. */
  router.post('/invoices/:id/reminders', requireAuth, async (req, res) => {
    const input = parseInput(invoiceRemindersSchema, req.body);
    const command = collectInvoice({
      type: 'SetInvoiceReminders',
      data: { invoiceId: String(req.params.id), userId: currentUserId(req), enabled: input.enabled },
    });
    sendAnswer(
      res,
      await commands.answer(req, command, ({ state }) => ({
        status: 200,
        body: { invoiceId: state.invoiceId, remindersEnabled: !state.collection.remindersOff },
      })),
    );
  });

  router.post('/invoices/:id/void', requireAuth, async (req, res) => {
    const input = parseInput(voidInvoiceSchema, req.body);
    const command = collectInvoice({
      type: 'VoidInvoice',
      data: { invoiceId: String(req.params.id), userId: currentUserId(req), reason: input.reason },
    });
    sendAnswer(res, await commands.answer(req, command, collectionAnswer(200, null)));
  });

  /**
   * Sends the invoice (docs/decisions.md, "Getting paid"): the PDF is rendered first (so a locked invoice is
   * refused before anything is written); the mail is queued in the transaction that commits `InvoiceSent`
   * and the key's answer, so a send that is recorded is mailed: at once by this request, or by the delivery
   * loop after a refusal or a crash (retried with backoff, one Message-ID). A repeat of the key replays the
   * answer and queues nothing.
   */
  router.post('/invoices/:id/send', requireAuth, async (req, res) => {
    const input = parseInput(sendInvoiceSchema, req.body);
    const { invoicePdf } = deps;
    if (!invoicePdf) throw new AppError('unavailable', 'Sending invoices is not available here');
    const userId = currentUserId(req);
    const invoiceId = String(req.params.id);
    // Filled while this request runs the command; a replayed answer leaves it empty.
    let pdf: { pdf: Buffer; filename: string } | undefined;
    let queued: string | undefined;
    const token = newShareToken();
    let payOnline = false;
    const send = async () => {
      pdf = await invoicePdf(userId, await streamInvoice(deps.store, userId, invoiceId));
      payOnline = (await deps.takesOnlinePayments?.(userId)) ?? false;
      return collectInvoice({
        type: 'SendInvoice',
        data: {
          invoiceId,
          userId,
          sendId: randomUUID(),
          to: input.to,
          cc: input.cc,
          subject: input.subject,
          message: input.message,
          share: { shareId: randomUUID(), tokenHash: hashShareToken(token) },
        },
      });
    };
    const toAnswer = ({ events }: StepOutcome<InvoiceState, InvoiceStreamEvent>) => {
      const sent = events.find((event) => event.type === 'InvoiceSent');
      if (sent?.type !== 'InvoiceSent') return { status: 200, body: {} };
      const { sendId, to, cc, subject } = sent.data;
      return { status: 201, body: { sendId, to, cc, subject } satisfies SendInvoiceAnswer };
    };
    const answer = await commands.answer(req, send, toAnswer, async (tx, outcome) => {
      const sent = outcome.events.find((event) => event.type === 'InvoiceSent');
      const { content } = outcome.state;
      if (sent?.type !== 'InvoiceSent' || !content || !pdf) return;
      const shared = outcome.events.some((event) => event.type === 'InvoiceShared');
      const pageUrl = shared ? `${deps.appUrl.replace(/\/+$/, '')}/i/${token}` : null;
      const balance = balanceOf(content, outcome.state.collection);
      const message = invoiceEmail({
        ...sent.data,
        message: input.message,
        content,
        balance,
        pageUrl,
        onlinePayUrl: pageUrl && payOnline && balance > 0 ? `${pageUrl}?pay=1` : null,
        pdf: { filename: pdf.filename, content: pdf.pdf },
        mailDomain: deps.mailDomain,
        language: content.eInvoice.language,
      });
      queued = invoiceSendMailId(sent.data.sendId);
      await queueMail(tx, queued, message, now());
    });
    // Committed by this request: its first delivery attempt, at once. A refusal is retried by the loop.
    if (queued) {
      await deps.deliverMail(queued).catch((error: unknown) => {
        deps.logger.warn({ err: error, invoiceId }, 'invoice mail queued; its first delivery failed');
      });
    }
    sendAnswer(res, answer);
  });

  return router;
}
