import type { DecidedEvent, Decider, Recorded } from '@remit/eventstore';
import { expect } from 'vitest';

/** A decided event as it would read back from the log: the n-th of its stream, at a fixed time. */
export function recorded<Event extends DecidedEvent>(event: Event, index = 0): Recorded<Event> {
  return {
    ...event,
    position: BigInt(index + 1),
    txId: 1n,
    streamId: 'stream-under-test',
    version: index + 1,
    schemaVersion: 1,
    metadata: {},
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
  };
}

/** The state a decider folds from these events. */
export function stateOf<State, Command, Event extends DecidedEvent>(
  decider: Decider<State, Command, Event>,
  history: Event[],
): State {
  return history.reduce(
    (state, event, index) => decider.evolve(state, recorded(event, index)),
    decider.initialState,
  );
}

/**
 * Given-when-then for deciders (STYLE: Emmett's samples): the history as events, the command, then the
 * events it causes or the message of the error it throws. No I/O.
 */
export function decider<State, Command, Event extends DecidedEvent>(spec: Decider<State, Command, Event>) {
  return (history: Event[]) => ({
    when: (command: Command) => {
      const run = () => spec.decide(stateOf(spec, history), command);
      return {
        thenEmits: (expected: Event[]) => expect(run()).toEqual(expected),
        thenNothing: () => expect(run()).toEqual([]),
        thenThrows: (message: string) => expect(run).toThrow(message),
      };
    },
  });
}
