import { expect } from 'vitest';

/**
 * Given-when-then for deciders (STYLE: Emmett's samples): the history as events, the command, then the
 * events it causes or the message of the error it throws. No I/O.
 */
export function decider<State, Command, Event>(spec: {
  initialState: State;
  evolve: (state: State, event: Event) => State;
  decide: (state: State, command: Command) => Event[];
}) {
  return (history: Event[]) => ({
    when: (command: Command) => {
      const run = () => spec.decide(history.reduce(spec.evolve, spec.initialState), command);
      return {
        thenEmits: (expected: Event[]) => expect(run()).toEqual(expected),
        thenNothing: () => expect(run()).toEqual([]),
        thenThrows: (message: string) => expect(run).toThrow(message),
      };
    },
  });
}
