import { readFileSync } from 'node:fs';
import { readEvent } from '@remit/contracts';
import { createEventStore, type OpenDatabase, verifyChain } from '@remit/eventstore';
import { openTestDatabase, testStores } from '@remit/eventstore/testing';
import { createLogger } from '@remit/kit';
import { projections, replayProjections, startProjector } from '@remit/projector';
import { migrateReadModels } from '@remit/readmodels';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  asRecorded,
  type FixtureEvent,
  fixture,
  fixtures,
  importLog,
  rowsOf,
  sorted,
} from './testing/fixture-log.js';

/** Each fixture log's chain head, the same on every store (printed by `npm run verify` after an import). */
const chainHeads: Record<string, string> = {
  'log-2026-11-sandbox': '3d2ecefc41865bd7dff34a920ab15aa66c36ffead09f330b1f7e4616efb799c6',
  'log-2026-11-stripe': '487c682c4ed5b4faf29569085c97e1897428ed841de87b576e4649deff922627',
};

/**
 * Logs written by earlier versions of Remit (recorded with scripts/record-fixture-log.ts, never
 * refreshed): every later version must read every event of them and build the same read models.
 */
describe.each(testStores())('logs written by earlier versions, on %s', (kind) => {
  let database: OpenDatabase | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it.each(fixtures)('%s: reads every event and builds the read models it built then', async (name) => {
    const events = readFileSync(fixture(name, 'events.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as FixtureEvent);
    const expected = JSON.parse(readFileSync(fixture(name, 'read-models.json'), 'utf8')) as Record<
      string,
      unknown[]
    >;

    for (const event of events)
      expect(() => readEvent(event), `${event.type}@${event.position}`).not.toThrow();

    database = await openTestDatabase(kind);
    await migrateReadModels(database);
    await importLog(database, events);
    const store = createEventStore(database);
    const projector = startProjector({
      store,
      projections,
      logger: createLogger({ level: 'silent', name: 'test' }),
    });
    try {
      await projector.caughtUp();
    } finally {
      await projector.stop();
      await store.close();
    }

    for (const [table, rows] of Object.entries(expected)) {
      const live = rowsOf(await database.db.execute(sql.raw(`select * from "${table}"`)));
      expect(asRecorded(table, live), table).toEqual(sorted(rows));
    }
    const reports = await replayProjections(database.db, projections);
    expect(reports.flatMap((report) => report.differences)).toEqual([]);

    // The import's projector run links the log into the chain (D-250): it verifies, and its head is the
    // same on both stores, since the chain hashes what PostgreSQL prints and moves keep positions.
    const chain = await verifyChain(database.db);
    expect(chain).toMatchObject({ ok: true, checked: events.length, pending: 0 });
    expect(chain.head?.hash).toBe(chainHeads[name]);
  });
});
