import { ConcurrencyError } from './errors.js';
import type { EventStore } from './store.js';
import type { EventMetadata, NewEvent, StreamWrite } from './types.js';

export interface HandleCommandOptions<State, Command, Event extends NewEvent> {
  store: EventStore;
  streamId: string;
  initialState: State;
  /** Folds one event; it receives stored events, which carry the decided fields and more. */
  evolve: (state: State, event: Event) => State;
  /** Pure: the events that follow from the command in this state; throws to refuse it. */
  decide: (state: State, command: Command) => Event[];
  command: Command;
  metadata: EventMetadata;
  maxRetries?: number;
  /** Other streams to write in the same transaction (reservations), given the decided events. */
  extraWrites?: (events: Event[], state: State) => StreamWrite[];
  /** The time stamped into metadata as `at`; injectable for tests. */
  now?: () => Date;
}

export interface CommandResult<State, Event> {
  events: Event[];
  /** The state after the new events. */
  state: State;
  nextVersion: number;
  /** Global position of the last event written, for read-your-writes; null when nothing was. */
  position: bigint | null;
}

/**
 * Load, fold, decide, append with the loaded version; when another writer got there first, start
 * over from a fresh read, so the decision is always made on the state it is appended to.
 */
export async function handleCommand<State, Command, Event extends NewEvent>(
  options: HandleCommandOptions<State, Command, Event>,
): Promise<CommandResult<State, Event>> {
  const { store, streamId, evolve, decide, command, maxRetries = 5 } = options;
  for (let attempt = 0; ; attempt++) {
    const history = await store.readStream(streamId);
    const state = history.reduce(
      (folded, event) => evolve(folded, event as unknown as Event),
      options.initialState,
    );
    const version = history.at(-1)?.version ?? 0;
    const events = decide(state, command);
    if (events.length === 0) return { events, state, nextVersion: version, position: null };

    // What a decider put on an event itself wins over the command's metadata.
    const metadata = { ...options.metadata, at: (options.now?.() ?? new Date()).toISOString() };
    const stamped = events.map((event) => ({ ...event, metadata: { ...metadata, ...event.metadata } }));
    try {
      const { position, streams } = await store.appendMany([
        { streamId, events: stamped, expectedVersion: version === 0 ? 'no_stream' : version },
        ...(options.extraWrites?.(stamped, state) ?? []),
      ]);
      const nextVersion = streams[0]!.nextVersion;
      return { events: stamped, state: stamped.reduce(evolve, state), nextVersion, position };
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= maxRetries) throw error;
    }
  }
}
