// Just enough of RFC 6265 for one test host: oidc-provider scopes its interaction cookies to
// /interaction/:uid and /auth/:uid, so a jar that ignores paths sends the wrong one back.
interface StoredCookie {
  name: string;
  value: string;
  path: string;
  expiresAt?: number;
}

export class CookieJar {
  readonly #cookies = new Map<string, StoredCookie>();

  store(response: Response, requestUrl: URL): void {
    for (const header of response.headers.getSetCookie()) {
      const cookie = parseSetCookie(header, requestUrl);
      if (!cookie) continue;
      const key = `${cookie.path}\n${cookie.name}`;
      if (cookie.expiresAt !== undefined && cookie.expiresAt <= Date.now()) this.#cookies.delete(key);
      else this.#cookies.set(key, cookie);
    }
  }

  header(url: URL): string | undefined {
    const now = Date.now();
    const matching = [...this.#cookies.values()]
      .filter(
        (cookie) =>
          (cookie.expiresAt === undefined || cookie.expiresAt > now) &&
          pathMatches(url.pathname, cookie.path),
      )
      // More specific paths first, as browsers send them.
      .sort((a, b) => b.path.length - a.path.length);
    if (matching.length === 0) return undefined;
    return matching.map(({ name, value }) => `${name}=${value}`).join('; ');
  }
}

function parseSetCookie(header: string, requestUrl: URL): StoredCookie | undefined {
  const [pair = '', ...attributes] = header.split(';');
  const separator = pair.indexOf('=');
  if (separator <= 0) return undefined;
  const cookie: StoredCookie = {
    name: pair.slice(0, separator).trim(),
    value: pair.slice(separator + 1).trim(),
    path: defaultPath(requestUrl.pathname),
  };
  let maxAge: number | undefined;
  for (const attribute of attributes) {
    const [rawKey = '', ...rest] = attribute.split('=');
    const key = rawKey.trim().toLowerCase();
    const value = rest.join('=').trim();
    if (key === 'path' && value.startsWith('/')) cookie.path = value;
    if (key === 'expires' && Number.isFinite(Date.parse(value))) cookie.expiresAt = Date.parse(value);
    if (key === 'max-age') maxAge = Number(value);
  }
  // Max-Age wins over Expires.
  if (maxAge !== undefined && Number.isFinite(maxAge)) cookie.expiresAt = Date.now() + maxAge * 1000;
  return cookie;
}

function defaultPath(requestPath: string): string {
  const lastSlash = requestPath.lastIndexOf('/');
  return lastSlash <= 0 ? '/' : requestPath.slice(0, lastSlash);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}
