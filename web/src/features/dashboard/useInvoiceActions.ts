import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useCommand, useFormKey } from '../../api/command';
import { duplicateInvoice } from '../../api/drafts';
import { ApiError, errorMessage, isNetworkError, isServerUnreachable } from '../../api/errors';
import { invalidateAfter, invalidateAfterInvoice } from '../../api/invalidation';
import { fetchInvoicePdf, fetchInvoiceXml, recordInvoiceDownload } from '../../api/invoiceFiles';
import { markInvoicePaid } from '../../api/payments';
import { enqueue, retryOutboxNow } from '../../db/outbox';
import { logError } from '../../lib/log';
import { saveBlob } from '../../lib/saveBlob';
import { useCheckout } from '../billing/useCheckout';
import { useToast } from '../toasts/ToastProvider';

/** The day as the owner sees it (yyyy-mm-dd, local time): a queued payment keeps the day it was clicked. */
function localToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const DOWNLOAD_FAILED = 'Failed to generate invoice. Please contact support.';

/**
 * One file the server makes for an invoice, saved under its name with a success toast. A locked invoice
 * (or a 402) sends the user to the plans; other failures toast the offline message, the server's
 * message or DOWNLOAD_FAILED.
 */
function useFileDownload(
  logLabel: string,
  format: 'pdf' | 'einvoice',
  fetchFile: (id: string) => Promise<{ blob: Blob; fileName: string }>,
  successMessage: string,
) {
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formKey = useFormKey();
  const mutation = useMutation({
    mutationFn: async (id: string) => {
      // The owner's download makes the invoice final (issue 27): recorded first, with one key per download.
      await recordInvoiceDownload(id, format, formKey.keyFor({ id, format }));
      formKey.answered();
      const { blob, fileName } = await fetchFile(id);
      saveBlob(blob, fileName);
      return id;
    },
    onSuccess: (id) => {
      toast(successMessage, { tone: 'success' });
      return invalidateAfterInvoice(queryClient, id, 'downloaded');
    },
    onError: (error) => {
      logError(logLabel, error);
      if (error instanceof ApiError && error.status === 402) {
        navigate('/subscription');
        return;
      }
      // Offline the spec's message would be wrong: the file is made by the server.
      const message = isNetworkError(error)
        ? 'You are offline. The file can be downloaded when you are back online.'
        : error instanceof ApiError && error.message
          ? error.message
          : DOWNLOAD_FAILED;
      toast(message, { tone: 'error' });
    },
  });
  return {
    start: (id: string, locked: boolean) => (locked ? navigate('/subscription') : mutation.mutate(id)),
    /** The invoice whose file is being made. */
    pendingId: mutation.isPending ? mutation.variables : undefined,
  };
}

/** Download PDF (spec §7, §8) and Pay Now; a locked invoice sends the user to the plans. */
export function useInvoiceActions() {
  const toast = useToast();
  const navigate = useNavigate();
  // Spec §2 Dashboard: Pay Now starts the one-time checkout for that invoice.
  const checkout = useCheckout('payment');
  const queryClient = useQueryClient();
  // 'Mark as paid' (issue 14). Offline, or with the server out of reach, it goes through the account's
  // outbox with the same key, dated the day it was clicked, and is applied once when it is sent.
  const markPaid = useCommand({
    send: async ({ id, number }: { id: string; number: string }, idempotencyKey) => {
      try {
        await markInvoicePaid(id, idempotencyKey);
        return { queued: false };
      } catch (error) {
        if (!isServerUnreachable(error)) throw error;
        await enqueue({
          method: 'POST',
          path: `/invoices/${encodeURIComponent(id)}/payments`,
          body: { date: localToday() },
          idempotencyKey,
          label: `Invoice ${number} marked as paid`,
        });
        retryOutboxNow();
        return { queued: true };
      }
    },
    onSuccess: ({ queued }, { id }) => {
      if (queued) {
        toast(
          navigator.onLine
            ? 'The server could not be reached. The payment is queued and will be sent automatically.'
            : 'You are offline. The payment will be recorded when you are back online.',
          { tone: 'info' },
        );
        return;
      }
      toast('Marked as paid', { tone: 'success' });
      // The customer page's owner bar marks it paid too: its view shows the payment at once.
      return invalidateAfterInvoice(queryClient, id, 'payment');
    },
    onError: (error) => {
      logError('Mark as paid failed', error);
      toast(
        error instanceof ApiError && error.message ? error.message : 'Failed to mark the invoice as paid',
        {
          tone: 'error',
        },
      );
    },
  });
  const download = useFileDownload(
    'PDF download failed',
    'pdf',
    async (id) => ({ blob: await fetchInvoicePdf(id), fileName: `invoice-${id}.pdf` }),
    'Invoice generated successfully',
  );
  // The e-invoice XML (XRechnung, UBL syntax); a 422 says in its message what the invoice still lacks.
  const downloadXml = useFileDownload(
    'XML download failed',
    'einvoice',
    (id) => fetchInvoiceXml(id, 'xrechnung-ubl'),
    'XRechnung XML downloaded',
  );

  // Duplicate (issue 27): a new draft on the server, opened in the wizard.
  const duplicate = useCommand({
    send: (id: string, idempotencyKey) => duplicateInvoice(id, idempotencyKey),
    onSuccess: (answer) => {
      void invalidateAfter(queryClient, 'drafts');
      navigate(`/invoice/create?draft=${encodeURIComponent(answer.id)}`);
    },
    onError: (error) => {
      logError('Duplicate failed', error);
      toast(errorMessage(error, 'The invoice could not be duplicated. Please try again.'), { tone: 'error' });
    },
  });

  return {
    duplicate: (id: string) => duplicate.run(id),
    duplicatingId: duplicate.pending,
    download: download.start,
    downloadXml: downloadXml.start,
    downloadingId: download.pendingId ?? downloadXml.pendingId,
    pay: (id: string) => checkout.start({ plan: 'per-invoice', invoiceId: id }),
    /** The invoice whose checkout is starting; every Pay Now waits meanwhile. */
    payingId: checkout.starting?.invoiceId,
    paying: checkout.starting !== undefined,
    markPaid: (id: string, number: string) => markPaid.run({ id, number }),
    markingPaidId: markPaid.pending?.id,
  };
}
