import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { fetchInvoicePdf } from '../../api/invoices';
import { logError } from '../../lib/log';
import { useToast } from '../toasts/ToastProvider';

export const DOWNLOAD_FAILED = 'Failed to generate invoice. Please contact support.';

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Download PDF (spec §7, §8) and Pay Now; a locked invoice sends the user to the plans. */
export function useInvoiceActions() {
  const toast = useToast();
  const navigate = useNavigate();
  const download = useMutation({
    mutationFn: async (id: string) => {
      saveBlob(await fetchInvoicePdf(id), `invoice-${id}.pdf`);
    },
    onSuccess: () => toast('Invoice generated successfully', { tone: 'success' }),
    onError: (error) => {
      logError('PDF download failed', error);
      if (error instanceof ApiError && error.status === 402) {
        navigate('/subscription');
        return;
      }
      const message = error instanceof ApiError && error.message ? error.message : DOWNLOAD_FAILED;
      toast(message, { tone: 'error' });
    },
  });

  return {
    download: (id: string, locked: boolean) => (locked ? navigate('/subscription') : download.mutate(id)),
    downloadingId: download.isPending ? download.variables : undefined,
    // The billing issue starts a one-time checkout here; until then the plans screen explains it.
    pay: (id: string) => navigate(`/subscription?invoice=${encodeURIComponent(id)}`),
  };
}
