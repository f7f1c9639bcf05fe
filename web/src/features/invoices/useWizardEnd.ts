import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import { invalidateAfter } from '../../api/invalidation';
import { PENDING_INVOICE_KEY } from '../billing/pendingInvoice';
import { useToast } from '../toasts/ToastProvider';
import type { EditSession } from './editInvoice';
import type { wizardMachine } from './wizardMachine';

/**
 * Where the wizard goes when it ends, and what it says: a quote to its page; an edit back to its invoice; a new
 * invoice to the dashboard, or (issue 33, 'Repeat this invoice') to the recurring schedule made from it.
 */
export function useWizardEnd(input: {
  state: SnapshotFrom<typeof wizardMachine>;
  quote: boolean;
  quoteId: string | undefined;
  editing: EditSession | null;
  repeat: boolean;
}) {
  const { state, quote, quoteId, editing, repeat } = input;
  const { invoiceId, subscribed } = state.context;
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const ended = state.matches('done') || state.matches('queued');
  const generated = state.matches('generated') || state.matches('plans') || state.matches('done');
  useEffect(() => {
    if (quote) {
      if (!state.matches('done') || !invoiceId) return;
      void invalidateAfter(queryClient, 'quotes');
      toast(quoteId ? 'Quote saved' : 'Quote created', { tone: 'success' });
      navigate(`/quotes/${encodeURIComponent(invoiceId)}`);
      return;
    }
    // An invoice issued from a draft leaves the drafts (issue 27).
    if (generated) void invalidateAfter(queryClient, 'invoices', 'drafts');
    if (state.matches('plans') && invoiceId) sessionStorage.setItem(PENDING_INVOICE_KEY, invoiceId);
    if (!ended) return;
    if (state.matches('queued')) {
      toast(
        navigator.onLine
          ? 'The server could not be reached. The invoice is queued and will be sent automatically.'
          : 'You are offline. The invoice will be generated when you are back online.',
        { tone: 'info' },
      );
      if (repeat) toast("Once it is issued, choose 'Make recurring' on it to repeat it.", { tone: 'info' });
    } else if (editing) {
      toast('Invoice updated', { tone: 'success' });
      navigate(`/?invoice=${encodeURIComponent(editing.invoiceId)}`);
      return;
    } else if (subscribed && repeat && invoiceId) {
      toast('Invoice generated. Now choose how often it repeats.', { tone: 'success' });
      navigate(`/recurring/new?from=${encodeURIComponent(invoiceId)}`);
      return;
    } else if (subscribed) {
      toast('Invoice generated successfully!', { tone: 'success' });
    }
    navigate('/');
  }, [
    ended,
    generated,
    state,
    invoiceId,
    subscribed,
    queryClient,
    toast,
    navigate,
    quote,
    quoteId,
    editing,
    repeat,
  ]);
}
