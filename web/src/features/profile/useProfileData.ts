import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isNetworkError } from '../../api/errors';
import { customerKeys, invoiceKeys, settingsKeys } from '../../api/keys';
import { paymentMethodsQuery } from '../../api/paymentMethods';
import {
  fetchProfile,
  fetchQuickStats,
  fetchRecentInvoices,
  fetchTopClients,
  settingsQuery,
} from '../../api/profile';
import { logError } from '../../lib/log';
import { useAuth } from '../auth/AuthProvider';
import { useToast } from '../toasts/ToastProvider';
import { profileMessages } from './messages';

/** Spec §9: the profile waits this long on entry before it loads. */
const PROFILE_DELAY_MS = 300;

function useLoggedError(context: string, error: unknown) {
  useEffect(() => {
    if (error) logError(context, error);
  }, [context, error]);
}

/**
 * Everything the profile shows (spec §2 Profile): after the entry delay, the profile, its settings,
 * the three paid blocks and the payment methods load in parallel. The paid blocks answer `locked`
 * to a non-subscriber; failed loads are logged (§8), except the payment methods, which toast.
 */
export function useProfileData() {
  const [isReady, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), PROFILE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const toast = useToast();
  // A non-subscriber's paid blocks are locked without asking: the server's 402 would be logged by the
  // browser as a failed resource on every visit (issue 13: no console errors on any route).
  const { subscribed } = useAuth();
  const lockedFor = <T>(load: () => Promise<T>) =>
    subscribed ? load() : Promise.resolve({ locked: true as const });

  const profile = useQuery({
    queryKey: settingsKeys.profile,
    queryFn: ({ signal }) => fetchProfile(signal),
    enabled: isReady,
    staleTime: 0,
  });
  const settings = useQuery({ ...settingsQuery, enabled: isReady, staleTime: 0 });
  const quickStats = useQuery({
    queryKey: settingsKeys.quickStats,
    queryFn: ({ signal }) => lockedFor(() => fetchQuickStats(signal)),
    enabled: isReady,
    staleTime: 0,
  });
  const topClients = useQuery({
    queryKey: customerKeys.top,
    queryFn: ({ signal }) => lockedFor(() => fetchTopClients(signal)),
    enabled: isReady,
    staleTime: 0,
  });
  const recentInvoices = useQuery({
    queryKey: invoiceKeys.recent,
    queryFn: ({ signal }) => lockedFor(() => fetchRecentInvoices(signal)),
    enabled: isReady,
    staleTime: 0,
  });
  const paymentMethods = useQuery({ ...paymentMethodsQuery, enabled: isReady, staleTime: 0 });

  useLoggedError('profile load failed', profile.error);
  useLoggedError('settings load failed', settings.error);
  useLoggedError('quick stats load failed', quickStats.error);
  useLoggedError('top clients load failed', topClients.error);
  useLoggedError('recent invoices load failed', recentInvoices.error);

  const toastedAt = useRef(0);
  const hasMethods = paymentMethods.data !== undefined;
  useEffect(() => {
    if (!paymentMethods.isError || paymentMethods.errorUpdatedAt === toastedAt.current) return;
    toastedAt.current = paymentMethods.errorUpdatedAt;
    logError('payment methods load failed', paymentMethods.error);
    // Spec §8's message when the server failed; an honest one when the network is down (issue 13),
    // and none when the cached list is on screen (the offline banner says the rest).
    if (isNetworkError(paymentMethods.error) && hasMethods) return;
    toast(
      isNetworkError(paymentMethods.error)
        ? 'You are offline. Payment methods will load when you are back online.'
        : profileMessages.paymentMethodsLoadFailed,
      { tone: 'error' },
    );
  }, [paymentMethods.isError, paymentMethods.errorUpdatedAt, paymentMethods.error, hasMethods, toast]);

  const all = [profile, settings, quickStats, topClients, recentInvoices, paymentMethods];
  return {
    // The company form takes its values once, when it opens: from this visit's answer, not from an answer kept
    // from before a save that a reload may restore (D-393). Offline, the first fetch fails at once and the kept
    // answer opens it.
    isLoading:
      !isReady ||
      all.some((query) => query.isLoading) ||
      (settings.isFetching && !settings.isFetchedAfterMount),
    profile,
    settings,
    quickStats,
    topClients,
    recentInvoices,
    paymentMethods,
  };
}
