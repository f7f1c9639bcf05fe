import { type EventType, readEvent } from '@remit/contracts';
import type { EventStore, StoredEvent } from '@remit/eventstore';
import type { Logger, RecordedEvent } from '@remit/kit';
import { sql } from 'drizzle-orm';
import { applyProjections, type Projection } from './projection.js';

/**
 * Events a projector reads and applies at once when it is behind (a rebuild, a catch-up); live, a batch
 * is what arrived since the last one. Large, since every projection writes a batch set-based; not
 * larger, since on PGlite the batch's transaction holds up the commands while it runs (~0.5 s here).
 */
export const PROJECTOR_BATCH = 2000;

export interface Projector {
  /** Resolves once every projection has applied everything committed so far. */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs every projection in one loop (one log read per batch, one transaction for all the projections
 * that handle some of it, none for a batch they all skip), each keeping its own checkpoint so that one
 * can be rebuilt from zero while the others carry on.
 */
export function startProjector(options: {
  store: EventStore;
  projections: Projection[];
  logger: Logger;
  /** Events per batch at most (default PROJECTOR_BATCH); 1 applies them one by one. */
  batchSize?: number;
}): Projector {
  const { store, projections, logger } = options;
  const byName = new Map(projections.map((projection) => [projection.name as string, projection]));
  // Each event is read through the catalogue once per batch, and before anything is skipped: an event
  // type the catalogue does not know fails the batch (logged and retried, never skipped).
  let recorded = new Map<StoredEvent, RecordedEvent>();
  const batchSize = options.batchSize ?? PROJECTOR_BATCH;
  // After a bulk catch-up (a rebuild, a restart far behind), the planner's statistics still describe the
  // tables as they were: run ANALYZE once the first batch that is not full says the projector has caught up
  // (issue 28, goal 5). A catch-up that ends on a full batch is analysed with the next live batch.
  let batchLength = 0;
  let bulkSinceAnalyze = false;
  const subscription = store.subscribeGroup(
    'projector',
    projections.map((projection) => ({
      name: projection.name,
      wants: (event: StoredEvent) => projection.handles.includes(event.type as EventType),
    })),
    async (pending, tx) => {
      await applyProjections(
        tx,
        [...pending].map(([name, events]) => [
          byName.get(name) as Projection,
          events.map((event) => recorded.get(event) ?? readEvent(event)),
        ]),
      );
      if (batchLength >= batchSize && batchSize > 1) {
        bulkSinceAnalyze = true;
      } else if (bulkSinceAnalyze) {
        await tx.execute(
          sql.raw(`analyze ${projections.flatMap((projection) => projection.tables).join(', ')}`),
        );
        bulkSinceAnalyze = false;
        logger.info({ projections: projections.length }, 'read models analysed after a bulk catch-up');
      }
    },
    {
      batchSize,
      inspect: (batch) => {
        batchLength = batch.length;
        recorded = new Map(batch.map((event) => [event, readEvent(event)]));
      },
    },
  );
  // The tamper-evident chain follows the log beside the projections, wherever they run (D-250).
  const chain = store.keepChain();
  logger.info({ projections: projections.map((projection) => projection.name) }, 'projector started');
  return {
    caughtUp: async () => {
      await Promise.all([subscription.caughtUp(), chain.caughtUp()]);
    },
    stop: async () => {
      await Promise.all([subscription.stop(), chain.stop()]);
    },
  };
}
