import { randomUUID } from 'node:crypto';
import {
  type CollectionAnswer,
  type InvoiceStreamEvent,
  recordPaymentSchema,
  reversePaymentSchema,
  voidInvoiceSchema,
} from '@remit/contracts';
import type { StepOutcome } from '@remit/eventstore';
import { currentUserId, parseInput, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { type Commands, sendAnswer } from '../commands.js';
import { balanceOf, isSettled } from './collection.js';
import { collectInvoice, type InvoiceState } from './decider.js';

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
export function collectionRoutes(deps: { commands: Commands; now: () => Date }): Router {
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

  router.post('/invoices/:id/void', requireAuth, async (req, res) => {
    const input = parseInput(voidInvoiceSchema, req.body);
    const command = collectInvoice({
      type: 'VoidInvoice',
      data: { invoiceId: String(req.params.id), userId: currentUserId(req), reason: input.reason },
    });
    sendAnswer(res, await commands.answer(req, command, collectionAnswer(200, null)));
  });

  return router;
}
