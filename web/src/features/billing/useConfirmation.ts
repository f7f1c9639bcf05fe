import type { ConfirmAnswer } from '@remit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { confirmCheckout } from '../../api/billing';
import { invalidateAfter } from '../../api/invalidation';
import { logError } from '../../lib/log';
import { useToast } from '../toasts/ToastProvider';
import { clearPendingInvoiceId } from './pendingInvoice';
import { useRefreshSubscribed } from './useRefreshSubscribed';

export type Confirmation =
  | { state: 'confirming' }
  | { state: 'confirmed'; kind: ConfirmAnswer['kind'] }
  | { state: 'invalid' }
  | { state: 'failed' };

/** Spec §8 Success screen, word for word. */
const PAYMENT_CONFIRMED = 'Payment confirmed successfully!';
const INVOICE_GENERATED = 'Invoice generated successfully!';
const CONFIRMED_TOAST_MS = 5000;

// One request per checkout session for the page's lifetime: React's StrictMode runs effects twice,
// and coming back to the same URL must not confirm again (the server would answer the same anyway).
const confirmations = new Map<string, Promise<ConfirmAnswer>>();

function confirmOnce(sessionId: string, invoiceId: string | null): Promise<ConfirmAnswer> {
  const key = `${sessionId}:${invoiceId ?? ''}`;
  let confirmation = confirmations.get(key);
  if (!confirmation) {
    confirmation = confirmCheckout(sessionId, invoiceId);
    confirmations.set(key, confirmation);
    // A failure may be retried by loading the page again.
    confirmation.catch(() => confirmations.delete(key));
  }
  return confirmation;
}

/**
 * Confirms the checkout the provider sent the browser back from (spec §2 Success screen). The
 * answer's position is remembered by the API client, so the next dashboard and profile reads
 * already include the purchase.
 */
export function useConfirmation(sessionId: string | null, invoiceId: string | null): Confirmation {
  const toast = useToast();
  const queryClient = useQueryClient();
  const refreshSubscribed = useRefreshSubscribed();
  const [confirmation, setConfirmation] = useState<Confirmation>(
    sessionId ? { state: 'confirming' } : { state: 'invalid' },
  );
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    if (!sessionId) {
      toast('Invalid payment confirmation URL', { tone: 'error' });
      return;
    }
    confirmOnce(sessionId, invoiceId).then(
      (answer) => {
        setConfirmation({ state: 'confirmed', kind: answer.kind });
        if (answer.invoiceId) clearPendingInvoiceId(answer.invoiceId);
        refreshSubscribed();
        void invalidateAfter(queryClient, 'invoices', 'subscription');
        toast(PAYMENT_CONFIRMED, { tone: 'success', durationMs: CONFIRMED_TOAST_MS });
        if (answer.kind === 'invoice') toast(INVOICE_GENERATED, { tone: 'success' });
      },
      (error: unknown) => {
        logError('Payment confirmation failed', error);
        setConfirmation({ state: 'failed' });
        toast('Failed to confirm payment', { tone: 'error' });
      },
    );
  }, [sessionId, invoiceId, toast, queryClient, refreshSubscribed]);

  return confirmation;
}
