/**
 * The account this tab works for: the signed-in user's id, or null. Drafts, the outbox and the cached
 * answers are read and written only for it, and the outbox sends only this account's commands (whose
 * token is the one in storage). The id is remembered, so a cold start restores that account's cache
 * before the first session check.
 */
const LAST_USER_KEY = 'remit.userId';

let current: string | null = null;
const listeners = new Set<(userId: string | null) => void>();

export function currentUserId(): string | null {
  return current;
}

/** The account whose cache a cold start restores (the one signed in when the app was last open). */
export function lastUserId(): string | null {
  try {
    return localStorage.getItem(LAST_USER_KEY);
  } catch {
    return null;
  }
}

export function setCurrentUser(userId: string | null): void {
  if (userId === current) return;
  current = userId;
  try {
    if (userId) localStorage.setItem(LAST_USER_KEY, userId);
    else localStorage.removeItem(LAST_USER_KEY);
  } catch {
    // Storage blocked: only the cold start's restore is lost.
  }
  for (const listener of listeners) listener(userId);
}

export function onUserChange(listener: (userId: string | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
