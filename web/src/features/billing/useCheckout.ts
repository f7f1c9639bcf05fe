import type { CheckoutRequest, PlanId } from '@remit/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createCheckoutSession, plansQuery } from '../../api/billing';
import { ApiError } from '../../api/errors';
import { invalidateAfter } from '../../api/invalidation';
import { logError } from '../../lib/log';
import { useToast } from '../toasts/ToastProvider';
import { clearPendingInvoiceId } from './pendingInvoice';
import { planCopy } from './plans';
import { useRefreshSubscribed } from './useRefreshSubscribed';

/** Leaving for the checkout page; tests replace it, as jsdom cannot navigate. */
export const browser = {
  go: (url: string) => window.location.assign(url),
};

/** Spec §8 Plans checkout failures. */
const CHECKOUT_FAILED = 'Failed to initiate checkout. Please try again.';
const NO_CHECKOUT_URL = 'No checkout URL received';

class NoCheckoutUrl extends Error {}

export interface CheckoutStart {
  plan: PlanId;
  /** The invoice a one-time purchase opens. */
  invoiceId?: string;
}

/** The request body: the provider's price id (spec §7), or the plan when the prices did not load. */
function checkoutRequest(priceId: string | undefined, start: CheckoutStart): CheckoutRequest {
  const price = priceId ? { priceId } : { plan: start.plan };
  if (start.plan === 'per-invoice') return { ...price, isOneTime: true, invoiceId: start.invoiceId };
  return { ...price, planName: planCopy[start.plan].name };
}

/**
 * Starts a checkout and sends the browser to the provider's page (spec §2 Plans screen, Dashboard
 * pay button). `failure` is what the screen says when that does not work.
 */
export function useCheckout(failure: 'plans' | 'payment') {
  const queryClient = useQueryClient();
  const toast = useToast();
  const refreshSubscribed = useRefreshSubscribed();
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const checkout = useMutation({
    mutationFn: async (start: CheckoutStart) => {
      const plans = await queryClient.ensureQueryData(plansQuery).catch(() => null);
      const priceId = plans?.plans.find((plan) => plan.id === start.plan)?.priceId;
      const answer = await createCheckoutSession(checkoutRequest(priceId, start));
      if (!answer.url) throw new NoCheckoutUrl(NO_CHECKOUT_URL);
      return answer.url;
    },
    onMutate: () => setError(null),
    onSuccess: (url) => {
      setLeaving(true);
      browser.go(url);
    },
    onError: (cause, start) => {
      logError('Checkout failed to start', cause);
      if (cause instanceof ApiError && cause.status === 409) {
        // Already subscribed, or the invoice is already open: the flag and lists catch up.
        if (start.invoiceId) clearPendingInvoiceId(start.invoiceId);
        refreshSubscribed();
        void invalidateAfter(queryClient, 'invoices', 'subscription');
      }
      const message =
        failure === 'payment'
          ? 'Failed to initiate payment. Please try again.'
          : cause instanceof NoCheckoutUrl
            ? NO_CHECKOUT_URL
            : CHECKOUT_FAILED;
      setError(message);
      toast(message, { tone: 'error' });
    },
  });

  const starting = checkout.isPending || leaving ? checkout.variables : undefined;
  return {
    start: (start: CheckoutStart) => checkout.mutate(start),
    /** The checkout being started (the browser is about to leave), if any. */
    starting,
    error,
  };
}
