import { useCallback } from 'react';
import { AuthContext } from '../auth/AuthProvider';

/**
 * Has the auth machine re-check `GET /check-subscription` (spec §4 Subscription). The request
 * carries our last position, so it already sees the purchase or change we just made.
 */
export function useRefreshSubscribed(): () => void {
  const auth = AuthContext.useActorRef();
  return useCallback(() => auth.send({ type: 'NAVIGATED' }), [auth]);
}
