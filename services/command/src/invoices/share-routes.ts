import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { InvoiceStreamEvent, ShareAnswer, StreamInvoice } from '@remit/contracts';
import { collectInvoice, type InvoiceState } from '@remit/domain';
import type { EventStore, StepOutcome } from '@remit/eventstore';
import { currentUserId, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { type Commands, sendAnswer } from '../commands.js';
import { streamInvoice } from './stream-invoice.js';

/** 32 random bytes (256 bits) as base64url: the customer page's token, unguessable. */
export const newShareToken = () => randomBytes(32).toString('base64url');
/** What the log and the read model keep of a token: its SHA-256, hex. */
export const hashShareToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The customer page link (docs/decisions.md, "Getting paid": the customer page). `POST .../share` makes a
 * link when none is active, answering its URL once (201); with one active it answers 200 with `url: null`.
 * `POST .../share/revoke` stops it ('Stop sharing'). Both are commands on the invoice's own decider.
 */
export function shareRoutes(deps: {
  commands: Commands;
  appUrl: string;
  /** The query side's locking: a locked invoice is not shared (402), another user's is 404. */
  assertInvoiceOpen?: (userId: string, invoice: StreamInvoice) => Promise<void>;
  store: EventStore;
}): Router {
  const { commands } = deps;
  const router = Router();
  const base = deps.appUrl.replace(/\/+$/, '');

  const answerOf =
    (token: string | null) =>
    ({ state, events }: StepOutcome<InvoiceState, InvoiceStreamEvent>) => {
      const made = events.some((event) => event.type === 'InvoiceShared');
      const shareId = state.collection.shareId;
      const body: ShareAnswer = {
        invoiceId: state.invoiceId ?? '',
        shareId,
        active: shareId !== null,
        url: made && token ? `${base}/i/${token}` : null,
      };
      return { status: made ? 201 : 200, body };
    };

  router.post('/invoices/:id/share', requireAuth, async (req, res) => {
    const userId = currentUserId(req);
    const invoiceId = String(req.params.id);
    const token = newShareToken();
    const share = async () => {
      const invoice = await streamInvoice(deps.store, userId, invoiceId);
      await deps.assertInvoiceOpen?.(userId, invoice);
      return collectInvoice({
        type: 'ShareInvoice',
        data: { invoiceId, userId, shareId: randomUUID(), tokenHash: hashShareToken(token) },
      });
    };
    sendAnswer(res, await commands.answer(req, share, answerOf(token)));
  });

  router.post('/invoices/:id/share/revoke', requireAuth, async (req, res) => {
    const command = collectInvoice({
      type: 'StopSharingInvoice',
      data: { invoiceId: String(req.params.id), userId: currentUserId(req) },
    });
    sendAnswer(res, await commands.answer(req, command, answerOf(null)));
  });

  return router;
}
