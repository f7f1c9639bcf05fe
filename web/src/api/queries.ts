import { queryOptions } from '@tanstack/react-query';
import { fetchAuthProviders, fetchAuthStatus } from './authSession';
import { authKeys, billingKeys } from './keys';
import { checkSubscription } from './subscription';

export const sessionQuery = queryOptions({
  queryKey: authKeys.session,
  queryFn: ({ signal }) => fetchAuthStatus(signal),
  staleTime: 0,
  retry: false,
});

export const subscriptionQuery = queryOptions({
  queryKey: billingKeys.subscribed,
  queryFn: ({ signal }) => checkSubscription(signal),
  staleTime: 0,
  retry: false,
});

export const providersQuery = queryOptions({
  queryKey: authKeys.providers,
  queryFn: ({ signal }) => fetchAuthProviders(signal),
  staleTime: 5 * 60_000,
  retry: 1,
});
