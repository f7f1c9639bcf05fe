import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { readToken } from '../../api/session';
import { PageSpinner } from '../../components/ui/Spinner';
import { useAuthSelector, useAuthStore } from './AuthProvider';
import { loginPathFor, safeRedirect } from './redirect';

/**
 * Invoices made offline go out once the user is signed in and online (DESIGN §8). The outbox, Dexie and
 * the invoice schemas it sends with are their own chunk, loaded only for a signed-in user.
 */
const OutboxSync = lazy(async () => {
  const { useOutboxSync } = await import('../invoices/useOutboxSync');
  return {
    default: function OutboxSync() {
      useOutboxSync(true);
      return null;
    },
  };
});

/** The last navigation each auth actor re-checked the subscription for. */
const checkedNavigation = new WeakMap<object, string>();

/**
 * Spec §2 Route guard: signed out with a token → re-check status and subscription and continue if
 * that signs the user in; otherwise → /login?redirect=<full path>. Signed in → the subscription is
 * re-checked on every navigation.
 */
export function RequireAuth() {
  const actor = useAuthStore();
  const isSignedIn = useAuthSelector((view) => view.status === 'signedIn');
  const isSignedOut = useAuthSelector((view) => view.status === 'signedOut');
  const hasLoggedOut = useAuthSelector((view) => view.context.loggedOut);
  const location = useLocation();
  const hasToken = readToken() !== null;

  useEffect(() => {
    if (isSignedOut && hasToken) actor.send({ type: 'RECHECK' });
  }, [actor, isSignedOut, hasToken]);

  // Once per navigation (location.key). The first location the guard sees needs none: the session check
  // that signs the user in (start-up, re-check or sign-in) has just fetched the subscription. Kept with the
  // actor, so mounting again for the same location (a lazy route loading) does not count as a navigation.
  useEffect(() => {
    const previous = checkedNavigation.get(actor);
    checkedNavigation.set(actor, location.key);
    if (previous === undefined || previous === location.key) return;
    if (actor.getSnapshot().status === 'signedIn') actor.send({ type: 'NAVIGATED' });
  }, [actor, location.key]);

  if (isSignedIn) {
    return (
      <>
        <Suspense fallback={null}>
          <OutboxSync />
        </Suspense>
        <Outlet />
      </>
    );
  }
  // After Logout the header is already on its way to /login; a redirect back here makes no sense.
  if (hasLoggedOut) return <Navigate to="/login" replace />;
  if (isSignedOut && !hasToken) {
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return <PageSpinner label="Checking your session..." />;
}

/** Sign-in screens: once signed in, continue to the redirect target (or the dashboard). */
export function RedirectIfSignedIn() {
  const isSignedIn = useAuthSelector((view) => view.status === 'signedIn');
  const [searchParams] = useSearchParams();
  if (isSignedIn) return <Navigate to={safeRedirect(searchParams.get('redirect'))} replace />;
  return <Outlet />;
}
