import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { readToken } from '../../api/session';
import { PageSpinner } from '../../components/ui/Spinner';
import { useOutboxSync } from '../invoices/useOutboxSync';
import { AuthContext } from './AuthProvider';
import { loginPathFor, safeRedirect } from './redirect';

/**
 * Spec §2 Route guard: signed out with a token → re-check status and subscription and continue if
 * that signs the user in; otherwise → /login?redirect=<full path>. Signed in → the subscription is
 * re-checked on every navigation.
 */
export function RequireAuth() {
  const actor = AuthContext.useActorRef();
  const isSignedIn = AuthContext.useSelector((state) => state.matches('signedIn'));
  const isSignedOut = AuthContext.useSelector((state) => state.matches('signedOut'));
  const hasLoggedOut = AuthContext.useSelector((state) => state.context.loggedOut);
  const location = useLocation();
  const hasToken = readToken() !== null;
  // Invoices made offline go out once the user is signed in and online (DESIGN §8).
  useOutboxSync(isSignedIn);

  useEffect(() => {
    if (isSignedOut && hasToken) actor.send({ type: 'RECHECK' });
  }, [actor, isSignedOut, hasToken]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation (location.key), by design.
  useEffect(() => {
    if (actor.getSnapshot().matches('signedIn')) actor.send({ type: 'NAVIGATED' });
  }, [actor, location.key]);

  if (isSignedIn) return <Outlet />;
  // After Logout the header is already on its way to /login; a redirect back here makes no sense.
  if (hasLoggedOut) return <Navigate to="/login" replace />;
  if (isSignedOut && !hasToken) {
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return <PageSpinner label="Checking your session..." />;
}

/** Sign-in screens: once signed in, continue to the redirect target (or the dashboard). */
export function RedirectIfSignedIn() {
  const isSignedIn = AuthContext.useSelector((state) => state.matches('signedIn'));
  const [searchParams] = useSearchParams();
  if (isSignedIn) return <Navigate to={safeRedirect(searchParams.get('redirect'))} replace />;
  return <Outlet />;
}
