import { UnknownEventTypeError } from '@remit/contracts';
import { createEventStore } from '@remit/eventstore';
import { openTestDatabase } from '@remit/eventstore/testing';
import { createLogger } from '@remit/kit';
import { migrateReadModels, projectionNames } from '@remit/readmodels';
import { describe, expect, it } from 'vitest';
import { projections } from './projections/index.js';
import { startProjector } from './projector.js';

describe('the projector', () => {
  it('keeps exactly the projections the read models name (the query side waits on those)', () => {
    expect(projections.map((projection) => projection.name)).toEqual([...projectionNames]);
  });

  it('reports an event type it does not know and does not move past it', async () => {
    const database = await openTestDatabase('pglite');
    await migrateReadModels(database);
    const failures: unknown[] = [];
    const logger = createLogger({ level: 'silent', name: 'test' });
    logger.error = ((details: { err?: unknown }) => {
      failures.push(details.err);
    }) as typeof logger.error;
    const store = createEventStore(database, { pollIntervalMs: 20, logger });
    const projector = startProjector({ store, projections, logger });
    try {
      const { position } = await store.append('somewhere', [{ type: 'InvoiceTeleported', data: {} }], {
        expectedVersion: 'no_stream',
      });
      await expect.poll(() => failures.length, { timeout: 10_000 }).toBeGreaterThan(0);
      expect(failures[0]).toBeInstanceOf(UnknownEventTypeError);
      expect(await store.hasApplied('users', position)).toBe(false);
    } finally {
      await projector.stop();
      await store.close();
      await database.close();
    }
  });
});
