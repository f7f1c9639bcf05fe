/**
 * Whether the last call to the API reached a server that could answer it. The browser's own `onLine`
 * says nothing about our server: with the network up and the server down (connection refused, or a
 * proxy answering 502/503/504 for it), every call fails while the browser still says online. The API
 * client reports each outcome here; the banner (features/pwa/OfflineBanner.tsx) reads it.
 */
let reachable = true;
const listeners = new Set<() => void>();

/** Statuses that mean the server behind the address could not answer (isServerUnreachable's). */
const UNREACHABLE_STATUSES = new Set([502, 503, 504]);

function publish(next: boolean) {
  if (next === reachable) return;
  reachable = next;
  for (const listener of listeners) listener();
}

/** A call got an answer with this status. */
export function reportAnswer(status: number): void {
  publish(!UNREACHABLE_STATUSES.has(status));
}

/** A call got no answer at all (no network, connection refused, DNS). */
export function reportNoAnswer(): void {
  publish(false);
}

export function isServerReachable(): boolean {
  return reachable;
}

export function onReachabilityChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
