import { randomUUID } from 'node:crypto';
import { addDays, invoiceStreamId, invoiceSubmitFrom } from '@remit/contracts';
import { discardInvoiceDraft, invoiceDecider, saveInvoiceDraft } from '@remit/domain';
import { type EventStore, foldEvents } from '@remit/eventstore';
import { AppError, eventCodec } from '@remit/kit';

const dayMs = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);

/** Unissued drafts (issue 27): saved, discarded, and made from an invoice (Duplicate). */
export function createDraftCommands(deps: { store: EventStore; now: () => Date }) {
  const { store } = deps;
  return {
    save: (userId: string, draftId: string, form: Record<string, unknown>, expectedVersion?: number) =>
      saveInvoiceDraft({
        draftId,
        userId,
        form,
        duplicateOf: null,
        ...(expectedVersion === undefined ? {} : { expectedVersion }),
      }),

    discard: (userId: string, draftId: string) => discardInvoiceDraft(draftId, userId),

    /**
     * A new draft with the invoice's customer, lines, terms and e-invoice details, dated today with the due date as
     * many days on as the invoice's; no number (one is suggested when it is opened, and taken when it is issued).
     */
    async duplicate(userId: string, invoiceId: string) {
      const invoice = foldEvents(
        invoiceDecider,
        await store.readStream(invoiceStreamId(invoiceId)),
        eventCodec,
      );
      if (!invoice.exists || invoice.deleted || invoice.userId !== userId || !invoice.content)
        throw new AppError('not_found', 'Invoice not found');
      const { issueDate, dueDate } = invoice.content;
      const today = deps.now().toISOString().slice(0, 10);
      const { status: _status, ...form } = invoiceSubmitFrom(invoice.content);
      return saveInvoiceDraft({
        draftId: randomUUID(),
        userId,
        form: {
          ...form,
          invoiceNumber: '',
          issueDate: today,
          dueDate: addDays(today, Math.max(0, daysBetween(issueDate, dueDate))),
          // A delivery date (or period) belongs to the invoice copied; the new one is delivered when issued.
          eInvoice: { ...(form.eInvoice as Record<string, unknown> | undefined), delivery: undefined },
        },
        duplicateOf: invoiceId,
      });
    },
  };
}

export type DraftCommands = ReturnType<typeof createDraftCommands>;
