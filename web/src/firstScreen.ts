import { useEffect } from 'react';

/**
 * What the first screen does not need to be drawn waits for it: IndexedDB's code (Dexie), the writes of
 * fetched answers to the device, the outbox's sync and its status panel. A page says when its content
 * is on screen (`useFirstScreenShown`); the dashboard does once its list has settled. A page that never
 * says so is taken as shown after FALLBACK_MS, so nothing waits forever. The deferred work then starts
 * when the browser is next idle.
 */
const FALLBACK_MS = 2000;

let markShown: () => void = () => {};
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
});
let after: Promise<void> | undefined;

export function firstScreenShown(): void {
  markShown();
}

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 500 });
    else setTimeout(resolve, 0);
  });
}

/** Resolves once the first screen has been drawn and the browser is idle (or FALLBACK_MS passed). */
export function afterFirstScreen(): Promise<void> {
  after ??= Promise.race([shown, new Promise<void>((resolve) => setTimeout(resolve, FALLBACK_MS))]).then(
    whenIdle,
  );
  return after;
}

/** Says the page's content is on screen once `ready` is true. */
export function useFirstScreenShown(ready: boolean): void {
  useEffect(() => {
    if (ready) firstScreenShown();
  }, [ready]);
}
