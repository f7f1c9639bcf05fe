const REDIRECT_KEY = 'remit.redirect';
const AUTH_PATHS = ['/login', '/login-basic', '/signup', '/verify-email', '/auth/'];

/**
 * Where to go after signing in: the guard's `redirect` query when it is a path of this app (never
 * another origin, never a sign-in screen), else the dashboard.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  if (
    AUTH_PATHS.some(
      (path) =>
        target === path ||
        target.startsWith(`${path}?`) ||
        target.startsWith(path.endsWith('/') ? path : `${path}/`),
    )
  )
    return '/';
  return target;
}

export function loginPathFor(fullPath: string): string {
  return `/login?redirect=${encodeURIComponent(fullPath)}`;
}

/** The redirect target survives the round trip through Google in session storage. */
export function rememberRedirect(target: string): void {
  sessionStorage.setItem(REDIRECT_KEY, safeRedirect(target));
}

export function takeRememberedRedirect(): string {
  const target = sessionStorage.getItem(REDIRECT_KEY);
  sessionStorage.removeItem(REDIRECT_KEY);
  return safeRedirect(target);
}
