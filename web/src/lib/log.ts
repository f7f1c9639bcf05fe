/** Failures the spec says are "logged" (§8) go to the console, where support can read them. */
export function logError(context: string, error: unknown): void {
  if (import.meta.env.MODE === 'test') return;
  console.error(`[remit] ${context}`, error);
}
