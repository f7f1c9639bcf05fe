/** The spec's storage key for the bearer token (§9). */
const TOKEN_KEY = 'token';
const POSITION_KEY = 'remit.position';

export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}

let lastPosition: bigint | null = null;

/** The newest global position the user's own commands produced (DESIGN §1, read-your-writes). */
export function readPosition(): string | null {
  if (lastPosition === null) {
    const stored = sessionStorage.getItem(POSITION_KEY);
    if (stored && /^\d+$/.test(stored)) lastPosition = BigInt(stored);
  }
  return lastPosition === null ? null : lastPosition.toString();
}

/** Keeps the highest position seen, so an older answer arriving late never moves it back. */
export function rememberPosition(position: unknown): void {
  const text = typeof position === 'number' ? String(position) : position;
  if (typeof text !== 'string' || !/^\d+$/.test(text)) return;
  const value = BigInt(text);
  const current = readPosition();
  if (current !== null && BigInt(current) >= value) return;
  lastPosition = value;
  sessionStorage.setItem(POSITION_KEY, text);
}

export function forgetPosition(): void {
  lastPosition = null;
  sessionStorage.removeItem(POSITION_KEY);
}
