import { randomUUID } from 'node:crypto';
import {
  creditNoteSendMailId,
  issueCreditNoteSchema,
  recordRefundSchema,
  type SendInvoiceAnswer,
  sendInvoiceSchema,
} from '@remit/contracts';
import {
  balanceOf,
  type CreditNoteIssue,
  issueCreditNote,
  refundDueOf,
  refundInvoice,
  sendCreditNote,
} from '@remit/domain';
import { AppError, currentUserId, type Logger, parseInput, queueMail, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { type Commands, sendAnswer } from '../commands.js';
import { creditNoteEmail } from './credit-note-email.js';

const today = (now: () => Date) => now().toISOString().slice(0, 10);

/**
 * Credit notes and refunds (docs/api.md, "Credit notes"): thin routes over the domain's steps. A credit note is
 * issued with its number, what it takes off the invoice and its own stream in one transaction; the same
 * Idempotency-Key gives the first answer again.
 */
export type CreditNotePdfSource = (
  userId: string,
  creditNoteId: string,
) => Promise<{ pdf: Buffer; filename: string }>;

export function creditNoteRoutes(deps: {
  commands: Commands;
  now: () => Date;
  /** Attempts the delivery of one queued mail; a refusal stays queued for the delivery loop. */
  deliverMail?: (id: string) => Promise<unknown>;
  logger?: Logger;
  mailDomain?: string;
  creditNotePdf?: CreditNotePdfSource;
}): Router {
  const { commands, now } = deps;
  const router = Router();

  /**
   * Sends a credit note by e-mail with its PDF, as an invoice's send does: the PDF is made first (404 or 402 before
   * anything is written), the mail queued in the transaction that records CreditNoteSent and the key's answer.
   */
  router.post('/credit-notes/:id/send', requireAuth, async (req, res) => {
    const input = parseInput(sendInvoiceSchema, req.body);
    const { creditNotePdf, deliverMail, mailDomain } = deps;
    if (!creditNotePdf || !deliverMail || !mailDomain) {
      throw new AppError('unavailable', 'Sending credit notes is not available here');
    }
    const userId = currentUserId(req);
    const creditNoteId = String(req.params.id);
    let pdf: { pdf: Buffer; filename: string } | undefined;
    let queued: string | undefined;
    const send = async () => {
      pdf = await creditNotePdf(userId, creditNoteId);
      return sendCreditNote({
        creditNoteId,
        userId,
        sendId: randomUUID(),
        to: input.to,
        cc: input.cc,
        subject: input.subject,
      });
    };
    const answer = await commands.answer(
      req,
      send,
      ({ events }) => {
        const sent = events.find((event) => event.type === 'CreditNoteSent');
        if (!sent) return { status: 200, body: {} };
        const { sendId, to, cc, subject } = sent.data;
        return { status: 201, body: { sendId, to, cc, subject } satisfies SendInvoiceAnswer };
      },
      async (tx, outcome) => {
        const sent = outcome.events.find((event) => event.type === 'CreditNoteSent');
        const { content } = outcome.state;
        if (!sent || !content || !pdf) return;
        queued = creditNoteSendMailId(sent.data.sendId);
        const message = creditNoteEmail({ ...sent.data, message: input.message, content, pdf, mailDomain });
        await queueMail(tx, queued, message, now());
      },
    );
    if (queued) {
      await deliverMail(queued).catch((error: unknown) => {
        deps.logger?.warn({ err: error, creditNoteId }, 'credit note mail queued; its first delivery failed');
      });
    }
    sendAnswer(res, answer);
  });

  router.post('/invoices/:id/credit-notes', requireAuth, async (req, res) => {
    const input = parseInput(issueCreditNoteSchema, req.body);
    let issued: CreditNoteIssue | null = null;
    const command = issueCreditNote({
      creditNoteId: randomUUID(),
      invoiceId: String(req.params.id),
      userId: currentUserId(req),
      reason: input.reason,
      lines: input.lines ?? null,
      issueDate: today(now),
      issued: (issue) => {
        issued = issue;
      },
    });
    sendAnswer(
      res,
      await commands.answer(req, command, () => ({ status: 201, body: { ...(issued ?? {}) } })),
    );
  });

  router.post('/invoices/:id/refunds', requireAuth, async (req, res) => {
    const input = parseInput(recordRefundSchema, req.body);
    const refundId = randomUUID();
    const command = refundInvoice({
      invoiceId: String(req.params.id),
      userId: currentUserId(req),
      refundId,
      amount: String(input.amount),
      date: input.date ?? today(now),
      method: input.method,
    });
    sendAnswer(
      res,
      await commands.answer(req, command, ({ state }) => {
        const { content, collection } = state;
        if (!content) return { status: 201, body: { refundId } };
        return {
          status: 201,
          body: {
            refundId,
            invoiceId: state.invoiceId,
            refunded: collection.refunded,
            refundDue: refundDueOf(content, collection),
            balance: balanceOf(content, collection),
            currency: content.currency,
          },
        };
      }),
    );
  });

  return router;
}
