import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { billingKeys } from '../../api/keys';
import { useAuthStore } from '../auth/AuthProvider';

/**
 * Has the auth machine re-check `GET /check-subscription` (spec §4 Subscription). A check still in
 * flight was sent before our change, so it is dropped rather than joined; the new request carries
 * our last position and so already sees the purchase or change.
 */
export function useRefreshSubscribed(): () => void {
  const auth = useAuthStore();
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient
      .cancelQueries({ queryKey: billingKeys.subscribed })
      .then(() => auth.send({ type: 'NAVIGATED' }));
  }, [auth, queryClient]);
}
