import { queryOptions } from '@tanstack/react-query';
import { fetchAuthProviders, fetchAuthStatus } from './auth';
import { checkSubscription } from './subscription';

/** Every query key in one place, so invalidation and the offline cache agree on names. */
export const queryKeys = {
  session: ['auth', 'session'] as const,
  subscription: ['subscription'] as const,
  providers: ['auth', 'providers'] as const,
};

export const sessionQuery = queryOptions({
  queryKey: queryKeys.session,
  queryFn: ({ signal }) => fetchAuthStatus(signal),
  staleTime: 0,
  retry: false,
});

export const subscriptionQuery = queryOptions({
  queryKey: queryKeys.subscription,
  queryFn: ({ signal }) => checkSubscription(signal),
  staleTime: 0,
  retry: false,
});

export const providersQuery = queryOptions({
  queryKey: queryKeys.providers,
  queryFn: ({ signal }) => fetchAuthProviders(signal),
  staleTime: 5 * 60_000,
  retry: 1,
});
