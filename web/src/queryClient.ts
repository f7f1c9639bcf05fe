import { QueryClient } from '@tanstack/react-query';
import { isNetworkError, isUnauthorized } from './api/errors';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 24 * 60 * 60 * 1000,
        // Offline, show what is cached instead of failing fast; a refused token never retries.
        networkMode: 'offlineFirst',
        retry: (failureCount, error) => !isUnauthorized(error) && !isNetworkError(error) && failureCount < 2,
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}
