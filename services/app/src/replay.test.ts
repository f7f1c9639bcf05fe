import { testStores } from '@remit/eventstore/testing';
import { projections, replayProjections } from '@remit/projector';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';

describe.each(testStores())('replay for auditors on %s', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
    for (const name of ['Ada Lovelace', 'Grace Hopper', 'Alan Turing']) {
      const email = `${name.split(' ')[0]?.toLowerCase()}@example.com`;
      await app.post('/auth/signup', { name, email, password: 'Sunflower42' });
    }
    await app.remit.caughtUp();
  });
  afterAll(() => app.close());

  it('finds every read model equal to its rebuild from the log', async () => {
    const reports = await replayProjections(app.database.db, projections);
    expect(reports.map((report) => report.projection)).toEqual(
      projections.map((projection) => projection.name),
    );
    expect(reports.every((report) => report.differences.length === 0)).toBe(true);
    expect(reports.find((report) => report.projection === 'users')?.events).toBeGreaterThanOrEqual(9);
  });

  it('reports a live row that the log does not explain', async () => {
    await app.database.db.execute(sql`update users set name = 'Tampered' where email = 'ada@example.com'`);
    const [users] = await replayProjections(app.database.db, projections);
    expect(users?.differences).toEqual([
      expect.objectContaining({ table: 'users', onlyLive: 1, onlyReplayed: 1 }),
    ]);
    expect(users?.differences[0]?.samples.map((sample) => [sample.side, sample.row.name])).toEqual([
      ['live', 'Tampered'],
      ['replayed', 'Ada Lovelace'],
    ]);
  });
});
