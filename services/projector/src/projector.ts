import { readEvent } from '@remit/contracts';
import type { EventStore } from '@remit/eventstore';
import type { Logger } from '@remit/kit';
import { applyEvents, type Projection } from './projection.js';

export interface Projector {
  /** Resolves once every projection has applied everything committed so far. */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

/** Runs each projection as its own subscription, so each keeps (and can reset) its own checkpoint. */
export function startProjector(options: {
  store: EventStore;
  projections: Projection[];
  logger: Logger;
}): Projector {
  const { store, projections, logger } = options;
  const subscriptions = projections.map((projection) =>
    // An event the catalogue does not know fails the batch: it is logged and retried, never skipped.
    store.subscribe(projection.name, (events, tx) => applyEvents(projection, tx, events.map(readEvent))),
  );
  logger.info({ projections: projections.map((projection) => projection.name) }, 'projector started');
  return {
    caughtUp: async () => {
      await Promise.all(subscriptions.map((subscription) => subscription.caughtUp()));
    },
    stop: async () => {
      await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    },
  };
}

/** Whether every projection has applied the event at this global position (read-your-writes). */
export async function projectionsHaveApplied(
  store: EventStore,
  projections: Projection[],
  position: bigint,
): Promise<boolean> {
  const applied = await Promise.all(
    projections.map((projection) => store.hasApplied(projection.name, position)),
  );
  return applied.every(Boolean);
}
