import {
  type InvoiceStreamEvent,
  invoiceDownloadSchema,
  invoiceSubmitSchema,
  MAX_LOGO_BYTES,
  toInvoiceView,
} from '@remit/contracts';
import type { InvoiceState } from '@remit/domain';
import type { StepOutcome } from '@remit/eventstore';
import { currentUserId, jsonField, multipartUpload, parseInput, requireAuth, uploadedFile } from '@remit/kit';
import { Router } from 'express';
import { type Commands, sendAnswer } from '../commands.js';
import { ifMatchVersion } from './if-match.js';
import type { InvoiceCommands } from './service.js';

const multipart = multipartUpload({
  file: 'logo',
  maxBytes: MAX_LOGO_BYTES,
  tooLarge: 'The logo must be at most 2 MB',
  maxFieldBytes: 1024 * 1024,
});

/** The invoice as the command left it: its state after the events, the read models follow (`position`). */
function invoiceAnswer(status: number) {
  return ({ state }: StepOutcome<InvoiceState, InvoiceStreamEvent>) => {
    const { invoiceId, content, issuedAt, updatedAt } = state;
    if (!invoiceId || !content || !issuedAt || !updatedAt) return { status, body: {} };
    return {
      status,
      body: {
        /** The revision an edit of this invoice is made on (`If-Match`, issue 27). */
        revision: state.revision,
        invoice: toInvoiceView(
          invoiceId,
          content,
          state.paid ? 'paid' : 'Draft',
          issuedAt.toISOString(),
          updatedAt.toISOString(),
        ),
      },
    };
  };
}

export function invoiceRoutes(deps: { invoices: InvoiceCommands; commands: Commands }): Router {
  const { invoices, commands } = deps;
  const router = Router();

  router.post('/invoices', requireAuth, multipart, async (req, res) => {
    const input = parseInput(invoiceSubmitSchema, jsonField(req.body, 'invoice'));
    const userId = currentUserId(req);
    const logo = uploadedFile(req);
    sendAnswer(
      res,
      await commands.answer(req, () => invoices.issue(userId, input, logo), invoiceAnswer(201)),
    );
  });

  router.put('/invoices/:id', requireAuth, async (req, res) => {
    const input = parseInput(invoiceSubmitSchema, req.body);
    const userId = currentUserId(req);
    const expected = ifMatchVersion(req.get('If-Match'));
    const revise = () => invoices.revise(userId, String(req.params.id), input, expected);
    sendAnswer(res, await commands.answer(req, revise, invoiceAnswer(200)));
  });

  router.post('/invoices/:id/downloads', requireAuth, async (req, res) => {
    const { format } = parseInput(invoiceDownloadSchema, req.body);
    const record = invoices.recordDownload(currentUserId(req), String(req.params.id), format);
    sendAnswer(
      res,
      await commands.answer(req, record, ({ state }) => ({
        status: 200,
        body: { final: state.finalBy !== null },
      })),
    );
  });

  router.delete('/invoices/:id', requireAuth, async (req, res) => {
    const remove = invoices.remove(currentUserId(req), String(req.params.id));
    sendAnswer(res, await commands.answer(req, remove, () => ({ status: 200, body: {} })));
  });

  return router;
}
