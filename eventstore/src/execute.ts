import type { InTransaction } from './append.js';
import { type CommandAnswer, recordAnswer } from './command-answers.js';
import {
  type CommandPlan,
  type DecidedEvent,
  type Decider,
  type EventCodec,
  type PreparedStep,
  type Recorded,
  type Step,
  type StepContext,
  type StepOutcome,
  UNPLACED,
  UnexpectedEventError,
} from './decider.js';
import { ConcurrencyError } from './errors.js';
import type { EventStore } from './store.js';
import type { EventMetadata, StoredEvent, StreamWrite } from './types.js';

function positionUnknown(): never {
  throw new Error(
    "an idempotent command's answer cannot depend on where its events land in the log (the append adds `position`)",
  );
}

/** Makes reading these keys throw: an answer made before the append must not read a position. */
function unplaced<T extends object>(value: T, keys: string[]): T {
  for (const key of keys) Object.defineProperty(value, key, { get: positionUnknown, enumerable: true });
  return value;
}

/** Folds an aggregate's history; an event its decider does not handle is an error. */
export function foldEvents<State, Command, Event extends DecidedEvent>(
  decider: Decider<State, Command, Event>,
  history: StoredEvent[],
  codec: Pick<EventCodec, 'read'>,
): State {
  let state = decider.initialState;
  for (const stored of history) {
    const event = codec.read(stored);
    if (!(decider.handles as readonly string[]).includes(event.type)) {
      throw new UnexpectedEventError(decider.name, stored);
    }
    state = decider.evolve(state, event as Recorded<Event>);
  }
  return state;
}

/** Binds a plan's types into a step the executor can run beside others. */
export function step<State, Command, Event extends DecidedEvent>(
  plan: CommandPlan<State, Command, Event>,
): Step<State, Event> {
  const { decider } = plan;
  return {
    decider: decider.name,
    async prepare({ read, codec, metadata, at, attempt }) {
      const streamIds =
        typeof plan.streams === 'string'
          ? [plan.streams]
          : await plan.streams(async (id) => (await read([id])).get(id) ?? []);
      const known = attempt === 1 ? firstRead(plan, streamIds) : null;
      const loaded = known ?? (await read(streamIds));
      const history = [...loaded.values()].flat();
      if (streamIds.length > 1) history.sort((a, b) => (a.position < b.position ? -1 : 1));
      const state = foldEvents(decider, history, codec);
      const versions = new Map(streamIds.map((id) => [id, loaded.get(id)?.at(-1)?.version ?? 0]));
      const decided = decider.decide(state, plan.command);
      const streamOf = plan.streamOf ?? (() => streamIds[0] as string);
      const stamped = { ...metadata, ...plan.metadata, at: at.toISOString() };
      const placed = decided.map((event) => ({ event, streamId: streamOf(event) }));
      const byStream = new Map<string, Event[]>();
      for (const { event, streamId } of placed)
        byStream.set(streamId, [...(byStream.get(streamId) ?? []), event]);
      const writes: StreamWrite[] = [...byStream].map(([streamId, events]) => {
        const current = versions.get(streamId) ?? 0;
        return {
          streamId,
          expectedVersion: current === 0 ? 'no_stream' : current,
          events: events.map((event) => ({
            type: event.type,
            data: event.data,
            metadata: stamped,
            schemaVersion: codec.versionOf(event.type),
            createdAt: at,
          })),
        };
      });
      return {
        writes,
        effects: decided.length > 0 ? (plan.effects?.(decided, state) ?? []) : [],
        outcome: (appendedOrNot) => {
          const appended = appendedOrNot === UNPLACED ? null : appendedOrNot;
          const place = <T extends object>(value: T, keys: string[]) =>
            appendedOrNot === UNPLACED ? unplaced(value, keys) : value;
          let after = state;
          const nextVersion = new Map(versions);
          for (const { event, streamId } of placed) {
            const version = (nextVersion.get(streamId) ?? 0) + 1;
            nextVersion.set(streamId, version);
            const recorded = {
              ...event,
              streamId,
              version,
              schemaVersion: codec.versionOf(event.type),
              metadata: stamped,
              createdAt: at,
              position: appended?.position ?? 0n,
              txId: 0n,
            };
            after = decider.evolve(after, place(recorded, ['position', 'txId']));
          }
          const outcome = {
            state: after,
            events: decided,
            version: nextVersion.get(streamIds[0] as string) ?? 0,
            position: decided.length > 0 ? (appended?.position ?? null) : null,
          };
          return decided.length > 0 ? place(outcome, ['position']) : outcome;
        },
      };
    },
  };
}

/** What the first attempt may fold without reading: nothing for a new stream, or what the caller read. */
function firstRead(
  plan: Pick<CommandPlan<unknown, unknown, DecidedEvent>, 'newStream' | 'known'>,
  streamIds: string[],
): Map<string, StoredEvent[]> | null {
  if (plan.newStream === true) return new Map(streamIds.map((id) => [id, []]));
  const { known } = plan;
  if (!known || !streamIds.every((id) => known.has(id))) return null;
  return new Map(streamIds.map((id) => [id, known.get(id) ?? []]));
}

export interface ExecuteOptions<State, Event extends DecidedEvent> {
  codec: EventCodec;
  metadata: EventMetadata;
  /** The command's time: stamped into metadata as `at` and stored as the events' time. */
  now: () => Date;
  /** Statements to commit with the events, given the outcome (begin and commit around the append). */
  inTransaction?: (tx: Parameters<InTransaction>[0], outcome: StepOutcome<State, Event>) => Promise<void>;
  /**
   * An idempotent command's answer under its claim (command-answers.ts), recorded by the append itself:
   * one statement. `of` makes it from the outcome before the append, so it cannot depend on where the
   * events land (reading a position there throws); the append adds the last one as `position`. With
   * nothing decided it is recorded on its own, without a position.
   */
  answer?: { key: string; claim: string; of: (outcome: StepOutcome<State, Event>) => CommandAnswer };
  maxAttempts?: number;
}

const MAX_ATTEMPTS = 6;

/**
 * The one way to write (STYLE 13): load the aggregate, fold, decide, then the effects on other
 * aggregates, and append everything in one transaction with the versions it was decided on. When another
 * writer got to any of those streams first, everything is read and decided again, so a decision is
 * always made on the state it is appended to. A command that decides nothing writes nothing.
 */
export async function execute<State, Event extends DecidedEvent>(
  store: EventStore,
  root: Step<State, Event>,
  options: ExecuteOptions<State, Event>,
): Promise<StepOutcome<State, Event>> {
  const maxAttempts = options.maxAttempts ?? MAX_ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    const context: StepContext = {
      read: store.readStreams,
      codec: options.codec,
      metadata: options.metadata,
      at: options.now(),
      attempt,
    };
    const first = await root.prepare(context);
    const prepared: PreparedStep<unknown, DecidedEvent>[] = [first];
    const queue = [...first.effects];
    while (queue.length > 0) {
      const ready = await (queue.shift() as Step).prepare(context);
      prepared.push(ready);
      queue.push(...ready.effects);
    }
    const writes = prepared.flatMap((ready) => ready.writes);
    assertOneWritePerStream(writes);
    const { inTransaction: hook, answer } = options;
    if (writes.length === 0) {
      const outcome = first.outcome(null);
      if (hook) await store.db.transaction((tx) => hook(tx, outcome));
      if (answer) await recordAnswer(store.db, answer.key, answer.claim, answer.of(outcome));
      return outcome;
    }
    try {
      let outcome: StepOutcome<State, Event> | undefined;
      // Without statements of the caller's, the append is its own transaction (one round trip).
      const appended = await store.appendMany(writes, {
        answer: answer && { key: answer.key, claim: answer.claim, ...answer.of(first.outcome(UNPLACED)) },
        inTransaction:
          hook &&
          (async (tx, result) => {
            outcome = first.outcome(result);
            await hook(tx, outcome);
          }),
      });
      return outcome ?? first.outcome(appended);
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || attempt >= maxAttempts) throw error;
    }
  }
}

function assertOneWritePerStream(writes: StreamWrite[]): void {
  const seen = new Set<string>();
  for (const write of writes) {
    if (seen.has(write.streamId)) {
      throw new Error(`one command decided events for ${write.streamId} twice; one aggregate per stream`);
    }
    seen.add(write.streamId);
  }
}

/** Gathers the reads made in one turn of the event loop into one query (the steps of a batch prepare at once). */
function batchedReader(read: StepContext['read']): StepContext['read'] {
  let pending: {
    ids: string[];
    resolve: (loaded: Map<string, StoredEvent[]>) => void;
    reject: (error: unknown) => void;
  }[] = [];
  return (ids) =>
    new Promise((resolve, reject) => {
      pending.push({ ids, resolve, reject });
      if (pending.length > 1) return;
      setImmediate(async () => {
        const batch = pending;
        pending = [];
        try {
          const loaded = await read([...new Set(batch.flatMap((request) => request.ids))]);
          for (const request of batch)
            request.resolve(new Map(request.ids.map((id) => [id, loaded.get(id) ?? []])));
        } catch (error) {
          for (const request of batch) request.reject(error);
        }
      });
    });
}

/**
 * Many independent commands in one transaction (the scheduler's set-based jobs, docs/decisions.md D-270): every
 * step of every root prepared at once over one read per level, everything appended in one `appendMany` with
 * each stream's expected version. All or nothing: when another writer got to any of those streams first (or
 * two roots touch one stream) it answers null and appends nothing; the caller then runs them one by one
 * (`execute`), each decided again. `inTransaction` gets every root's outcome, in order.
 */
export async function executeMany<State, Event extends DecidedEvent>(
  store: EventStore,
  roots: Step<State, Event>[],
  options: Omit<ExecuteOptions<State, Event>, 'answer' | 'maxAttempts' | 'inTransaction'> & {
    inTransaction?: (
      tx: Parameters<InTransaction>[0],
      outcomes: StepOutcome<State, Event>[],
    ) => Promise<void>;
  },
): Promise<StepOutcome<State, Event>[] | null> {
  if (roots.length === 0) return [];
  const context: StepContext = {
    read: batchedReader(store.readStreams),
    codec: options.codec,
    metadata: options.metadata,
    at: options.now(),
    attempt: 1,
  };
  const firsts = await Promise.all(roots.map((root) => root.prepare(context)));
  const prepared: PreparedStep<unknown, DecidedEvent>[] = [...firsts];
  let level = firsts.flatMap((ready) => ready.effects);
  while (level.length > 0) {
    const ready = await Promise.all(level.map((effect) => effect.prepare(context)));
    prepared.push(...ready);
    level = ready.flatMap((step) => step.effects);
  }
  const writes = prepared.flatMap((ready) => ready.writes);
  const streams = new Set(writes.map((write) => write.streamId));
  if (streams.size !== writes.length) return null;
  if (writes.length === 0) return firsts.map((first) => first.outcome(null));
  const { inTransaction: hook } = options;
  let outcomes: StepOutcome<State, Event>[] | undefined;
  try {
    const appended = await store.appendMany(writes, {
      inTransaction:
        hook &&
        (async (tx, result) => {
          outcomes = firsts.map((first) => first.outcome(result));
          await hook(tx, outcomes);
        }),
    });
    return outcomes ?? firsts.map((first) => first.outcome(appended));
  } catch (error) {
    if (error instanceof ConcurrencyError) return null;
    throw error;
  }
}
