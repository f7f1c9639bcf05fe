import { useMutation } from '@tanstack/react-query';
import { fetchCreditNotePdf, fetchCreditNoteXml } from '../../api/creditNotes';
import { ApiError, isNetworkError } from '../../api/errors';
import { logError } from '../../lib/log';
import { saveBlob } from '../../lib/saveBlob';
import { useToast } from '../toasts/ToastProvider';

interface Download {
  id: string;
  number: string;
  format: 'pdf' | 'xml';
}

/**
 * A credit note's PDF or XRechnung XML (issue 27), saved under the server's file name. A credit note is final when
 * issued, so unlike an invoice's download nothing is recorded first.
 */
export function useCreditNoteDownloads() {
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: async ({ id, number, format }: Download) => {
      const { blob, fileName } =
        format === 'pdf'
          ? await fetchCreditNotePdf(id, number)
          : await fetchCreditNoteXml(id, number, 'xrechnung-ubl');
      saveBlob(blob, fileName);
    },
    onSuccess: (_, { number, format }) =>
      toast(format === 'pdf' ? `Credit note ${number} downloaded` : `Credit note ${number} XML downloaded`, {
        tone: 'success',
      }),
    onError: (error) => {
      logError('Credit note download failed', error);
      toast(
        isNetworkError(error)
          ? 'You are offline. The file can be downloaded when you are back online.'
          : error instanceof ApiError && error.message
            ? error.message
            : 'The credit note could not be downloaded. Please try again.',
        { tone: 'error' },
      );
    },
  });
  return {
    download: (download: Download) => mutation.mutate(download),
    /** The credit note whose file is being made. */
    pendingId: mutation.isPending ? mutation.variables?.id : undefined,
  };
}
