import { type CreditNoteDetail, creditNoteMailDefaults, creditNotesQuerySchema } from '@remit/contracts';
import type { Database, EventStore } from '@remit/eventstore';
import { currentUserId, parseInput, requireAuth } from '@remit/kit';
import { Router } from 'express';
import type { Paywall } from '../billing/repository.js';
import { sendEInvoiceOf } from '../invoices/einvoice.js';
import { creditNoteFileName, creditNoteModel, renderCreditNotePdf } from './rendering.js';
import { listCreditNotes, openCreditNote } from './repository.js';

/**
 * The user's credit notes, and one credit note's document, PDF and e-invoice (docs/api.md, "Credit notes"); 404
 * when not the user's.
 */
export function creditNoteQueryRoutes(deps: { db: Database; store: EventStore; paywall: Paywall }): Router {
  const { store } = deps;
  const router = Router();

  router.get('/credit-notes', requireAuth, async (req, res) => {
    const query = parseInput(creditNotesQuerySchema, req.query);
    res
      .setHeader('Cache-Control', 'private, no-store')
      .json(await listCreditNotes(deps.db, currentUserId(req), query));
  });

  router.get('/credit-notes/:id', requireAuth, async (req, res) => {
    const creditNote = await openCreditNote(deps, currentUserId(req), String(req.params.id));
    const { content } = creditNote;
    const answer: CreditNoteDetail = {
      id: creditNote.creditNoteId,
      number: content.number,
      issueDate: content.issueDate,
      reason: creditNote.reason,
      full: creditNote.full,
      total: content.total,
      currency: content.currency,
      invoiceId: creditNote.invoiceId,
      invoiceNumber: creditNote.invoice.number,
      invoiceIssueDate: creditNote.invoice.issueDate,
      // What the send mail says when the dialog's message is left empty, in the credit note's language (D-341).
      mail: creditNoteMailDefaults(content),
    };
    res.setHeader('Cache-Control', 'private, no-store').json(answer);
  });

  router.get('/credit-notes/:id/pdf', requireAuth, async (req, res) => {
    const creditNote = await openCreditNote(deps, currentUserId(req), String(req.params.id));
    res
      .type('application/pdf')
      .setHeader('Content-Disposition', `attachment; filename="${creditNoteFileName(creditNote)}"`)
      .setHeader('Cache-Control', 'private, no-store')
      .send(await renderCreditNotePdf(store, creditNote));
  });

  router.get('/credit-notes/:id/einvoice', requireAuth, async (req, res) => {
    const creditNote = await openCreditNote(deps, currentUserId(req), String(req.params.id));
    sendEInvoiceOf(req, res, creditNoteModel(creditNote));
  });

  return router;
}
