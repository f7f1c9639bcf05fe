/**
 * The one clock (docs/decisions.md, "Getting paid"): every service asks it for 'now' — the command
 * pipeline's event times, the read side's 'today', the time process's ticks. Production uses the
 * system's; tests hand the all-in-one app, a service or the time process a clock they set.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** A clock that stands still until a test moves it. */
export interface SetClock extends Clock {
  set(to: Date | string | number): void;
  advance(ms: number): void;
}

export function setClock(start: Date | string | number = Date.now()): SetClock {
  let current = new Date(start).getTime();
  const clock = (() => new Date(current)) as SetClock;
  clock.set = (to) => {
    current = new Date(to).getTime();
  };
  clock.advance = (ms) => {
    current += ms;
  };
  return clock;
}

/** The UTC calendar day of an instant (YYYY-MM-DD), as invoices' dates are written. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);
