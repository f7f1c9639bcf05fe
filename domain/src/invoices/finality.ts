import { type FinalBy, type InvoiceStreamEvent, invoiceFinalMessage } from '@remit/contracts';
import { AppError } from '@remit/kit';

/** When an invoice is final, and what that refuses: `contracts/src/invoice-finality.ts` (issue 27, D-221). */
export { type FinalBy, finalAfter } from '@remit/contracts';

/** The owner's download, recorded through a command before the file is fetched (the GET stays a read). */
export type RecordDownloadCommand = {
  type: 'RecordInvoiceDownload';
  data: { invoiceId: string; userId: string; format: 'pdf' | 'einvoice' };
};

export const invoiceFinal = (finalBy: FinalBy) =>
  new AppError('conflict', invoiceFinalMessage(finalBy), { reason: 'invoice_final' });

export const invoiceChanged = (expected: number, current: number) =>
  new AppError(
    'conflict',
    `This invoice was changed on another device after you opened it (revision ${current}, you edited revision ${expected}). Your changes were not saved: review the latest version, then save again to replace it.`,
    { reason: 'invoice_changed' },
  );

/** The first download by the owner is recorded; later ones, and any of a final or void invoice, change nothing. */
export function decideDownload(
  state: { finalBy: FinalBy | null; collection: { voided: boolean } },
  command: RecordDownloadCommand,
): InvoiceStreamEvent[] {
  if (state.finalBy || state.collection.voided) return [];
  return [{ type: 'InvoiceDownloaded', data: command.data }];
}
