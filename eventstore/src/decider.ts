import type { AppendManyResult } from './append.js';
import type { EventMetadata, StoredEvent, StreamWrite } from './types.js';

/**
 * The shapes every aggregate is written in: a decider, the plan of one command, and what one step of a
 * command reads and returns. `execute.ts` runs them.
 */

/** An event as a decider decides it. */
export interface DecidedEvent {
  type: string;
  data: unknown;
}

/** Where an event sits in the log, as every reader gets it besides its type and data. */
export type EventEnvelope = Omit<StoredEvent, 'type' | 'data'>;

/** A decided event as it reads back from the log. */
export type Recorded<Event extends DecidedEvent> = Event & EventEnvelope;

/**
 * An aggregate's rules: `decide` is pure (the command and the state in, the events out, or an error
 * thrown), `evolve` folds one recorded event. `handles` lists every event type the aggregate's streams may
 * hold; anything else found there is an error, never silently a state.
 */
export interface Decider<State, Command, Event extends DecidedEvent> {
  name: string;
  handles: readonly Event['type'][];
  initialState: State;
  evolve(state: State, event: Recorded<Event>): State;
  decide(state: State, command: Command): Event[];
}

/** The streams that hold an aggregate's events: one, or a list found by reading another stream. */
export type StreamsOf = string | ((read: (streamId: string) => Promise<StoredEvent[]>) => Promise<string[]>);

/** One command to one aggregate, and what follows from it on other aggregates in the same transaction. */
export interface CommandPlan<State, Command, Event extends DecidedEvent> {
  decider: Decider<State, Command, Event>;
  streams: StreamsOf;
  /**
   * The stream was named by a new random id just now (an invoice being issued), so it cannot hold
   * events: the first attempt does not read it and appends with 'no_stream'. Were it there after all,
   * the append is refused and the next attempt reads it like any other.
   */
  newStream?: boolean;
  /**
   * The aggregate's streams as the caller read them just before, together with what else it needed (in
   * one query). The first attempt folds these instead of reading them again; a stream that moved since
   * is refused by the append, and the next attempt reads it like any other.
   */
  known?: ReadonlyMap<string, StoredEvent[]>;
  /** The stream each decided event goes to; the (first) aggregate stream when absent. */
  streamOf?: (event: Event) => string;
  command: Command;
  /** Who the events are about or by, when it is not the request's caller (a sign-up's new user). */
  metadata?: EventMetadata;
  /**
   * Commands to other aggregates that the decided events cause (a purchase marks its invoice paid; an
   * issued invoice reserves its number). Each is decided on its own aggregate's state and appended with
   * the expected version it was read at, in the one transaction; a clash on any stream re-runs it all.
   */
  effects?: (events: Event[], state: State) => Step[];
}

/** Reads a stored event into the domain's typed event (parsing, upcasting); throws on an unknown type. */
export interface EventCodec {
  read(stored: StoredEvent): Recorded<DecidedEvent>;
  /** The current schema version of a type, stamped on new events. */
  versionOf(type: string): number;
}

/** What every step of one command shares: how to read, whose command it is, and the time. */
export interface StepContext {
  read: (streamIds: string[]) => Promise<Map<string, StoredEvent[]>>;
  codec: EventCodec;
  metadata: EventMetadata;
  at: Date;
  /** 1 on the first try; a clash on any stream makes the next. */
  attempt: number;
}

export interface StepOutcome<State, Event extends DecidedEvent> {
  /** The state after the new events (the state as loaded when nothing was decided). */
  state: State;
  events: Event[];
  /** The aggregate's (first) stream version after the command. */
  version: number;
  /** Global position of the transaction's last event; null when nothing was written. */
  position: bigint | null;
}

export class UnexpectedEventError extends Error {
  override readonly name = 'UnexpectedEventError';
  constructor(decider: string, event: { type: string; streamId: string; version: number }) {
    super(`${decider} cannot read ${event.type} (${event.streamId}@${event.version})`);
  }
}

/** The append's result while an idempotent command's answer is made before it: no position yet. */
export const UNPLACED = Symbol('unplaced');

export interface PreparedStep<State, Event extends DecidedEvent> {
  writes: StreamWrite[];
  effects: Step[];
  outcome: (appended: AppendManyResult | null | typeof UNPLACED) => StepOutcome<State, Event>;
}

/** A plan with its types closed over, so plans of different aggregates can travel together. */
export interface Step<State = unknown, Event extends DecidedEvent = DecidedEvent> {
  readonly decider: string;
  prepare(context: StepContext): Promise<PreparedStep<State, Event>>;
}
