import { randomUUID } from 'node:crypto';
import {
  type CollectionAnswer,
  type InvoiceContent,
  type InvoiceStreamEvent,
  invoiceRemindersSchema,
  recordPaymentSchema,
  reversePaymentSchema,
  type SendInvoiceAnswer,
  sendInvoiceSchema,
  voidInvoiceSchema,
} from '@remit/contracts';
import type { StepOutcome } from '@remit/eventstore';
import { AppError, currentUserId, type Logger, parseInput, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { type Commands, sendAnswer } from '../commands.js';
import type { Mailer } from '../mail/mailer.js';
import { balanceOf, isSettled } from './collection.js';
import { collectInvoice, type InvoiceState } from './decider.js';
import { invoiceEmail } from './invoice-email.js';
import { hashShareToken, newShareToken } from './share-routes.js';

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
  invoiceId: string,
) => Promise<{ pdf: Buffer; filename: string }>;

export function collectionRoutes(deps: {
  commands: Commands;
  now: () => Date;
  mailer: Mailer;
  logger: Logger;
  /** Absent where the command service runs without the renderer: sending is then unavailable. */
  invoicePdf?: InvoicePdfSource;
  /** The domain of the sends' Message-IDs (APP_URL's host). */
  mailDomain: string;
  /** APP_URL, for the customer page link a send makes. */
  appUrl: string;
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
    const command = collectInvoice({
      type: 'ReversePayment',
      data: { invoiceId: String(req.params.id), userId: currentUserId(req), paymentId, reason: input.reason },
    });
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
   * refused before anything is written), `InvoiceSent` is committed with the key's answer, and only then does
   * the request that committed it hand the mail to the mailer. A repeat of the key replays the answer and
   * sends nothing.
   */
  router.post('/invoices/:id/send', requireAuth, async (req, res) => {
    const input = parseInput(sendInvoiceSchema, req.body);
    const { invoicePdf } = deps;
    if (!invoicePdf) throw new AppError('unavailable', 'Sending invoices is not available here');
    const userId = currentUserId(req);
    const invoiceId = String(req.params.id);
    // Filled while this request runs the command; a replayed answer leaves them empty.
    const made: {
      pdf?: { pdf: Buffer; filename: string };
      mail?: { content: InvoiceContent; balance: number; sent: SendInvoiceAnswer; pageUrl: string | null };
    } = {};
    const token = newShareToken();
    const send = async () => {
      made.pdf = await invoicePdf(userId, invoiceId);
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
    const answer = await commands.answer(req, send, ({ state, events }) => {
      const sent = events.find((event) => event.type === 'InvoiceSent');
      if (sent?.type !== 'InvoiceSent' || !state.content) return { status: 200, body: {} };
      const { sendId, to, cc, subject } = sent.data;
      const body: SendInvoiceAnswer = { sendId, to, cc, subject };
      const shared = events.some((event) => event.type === 'InvoiceShared');
      made.mail = {
        content: state.content,
        balance: balanceOf(state.content, state.collection),
        sent: body,
        pageUrl: shared ? `${deps.appUrl.replace(/\/+$/, '')}/i/${token}` : null,
      };
      return { status: 201, body };
    });
    // Committed by this request (a replay never sets `mail`): the one moment this send is mailed.
    const { mail: committed, pdf } = made;
    if (committed && pdf) {
      const message = sentMessage(committed, pdf, input.message, deps.mailDomain);
      await deps.mailer.send(message).catch((error: unknown) => {
        deps.logger.error({ err: error, invoiceId, sendId: committed.sent.sendId }, 'invoice mail failed');
      });
    }
    sendAnswer(res, answer);
  });

  return router;
}

function sentMessage(
  committed: { content: InvoiceContent; balance: number; sent: SendInvoiceAnswer; pageUrl: string | null },
  pdf: { pdf: Buffer; filename: string },
  message: string,
  mailDomain: string,
) {
  const { content, balance, sent, pageUrl } = committed;
  return invoiceEmail({
    sendId: sent.sendId,
    to: sent.to,
    cc: sent.cc,
    subject: sent.subject,
    message,
    content,
    balance,
    pageUrl,
    pdf: { filename: pdf.filename, content: pdf.pdf },
    mailDomain,
  });
}
