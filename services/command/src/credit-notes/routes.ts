import { randomUUID } from 'node:crypto';
import { issueCreditNoteSchema, recordRefundSchema } from '@remit/contracts';
import { balanceOf, type CreditNoteIssue, issueCreditNote, refundDueOf, refundInvoice } from '@remit/domain';
import { currentUserId, parseInput, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { type Commands, sendAnswer } from '../commands.js';

const today = (now: () => Date) => now().toISOString().slice(0, 10);

/**
 * Credit notes and refunds (docs/api.md, "Credit notes"): thin routes over the domain's steps. A credit note is
 * issued with its number, what it takes off the invoice and its own stream in one transaction; the same
 * Idempotency-Key gives the first answer again.
 */
export function creditNoteRoutes(deps: { commands: Commands; now: () => Date }): Router {
  const { commands, now } = deps;
  const router = Router();

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
