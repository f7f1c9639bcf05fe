import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §9: toggle, save and profile update are debounced by 500 ms. */
export const ACTION_DEBOUNCE_MS = 500;

/**
 * `run(...)` calls `action` once calls have stopped for `delayMs` (the last call's arguments win);
 * `isWaiting` is true meanwhile, so the control can show that it heard the click.
 */
export function useDebouncedAction<TArgs extends unknown[]>(
  action: (...args: TArgs) => void,
  delayMs = ACTION_DEBOUNCE_MS,
) {
  const latest = useRef(action);
  latest.current = action;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [isWaiting, setWaiting] = useState(false);

  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(
    (...args: TArgs) => {
      clearTimeout(timer.current);
      setWaiting(true);
      timer.current = setTimeout(() => {
        setWaiting(false);
        latest.current(...args);
      }, delayMs);
    },
    [delayMs],
  );
  return { run, isWaiting };
}
