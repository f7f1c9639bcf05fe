import type { AuditAnswer } from '@remit/contracts';
import { rowsOf } from '@remit/eventstore';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { signedInUser } from './testing/users.js';

/** `GET /audit` (issue 32): the chain's verdict and head, and the owner's own events, never others'. */
describe("the owner's audit section", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('pglite');
  });
  afterAll(async () => {
    vi.useRealTimers();
    await app.close();
  });

  it('answers the verdict and head; names a broken event only to its owner', async () => {
    const ada = await signedInUser(app, 'ada@example.com');
    const bob = await signedInUser(app, 'bob@example.com');
    expect((await app.get('/audit')).status).toBe(401);
    await app.remit.caughtUp();

    const first = await app.get('/audit', { token: ada.token });
    expect(first.status).toBe(200);
    const answer = first.body as AuditAnswer;
    expect(answer).toMatchObject({ verified: true, broken: null, yours: { pending: 0 } });
    expect(answer.yours.linked).toBeGreaterThan(0);
    expect(answer.yours.lastHash).toMatch(/^[0-9a-f]{64}$/);
    expect(answer.head?.hash).toMatch(/^[0-9a-f]{64}$/);

    const [bobs] = rowsOf<{ position: string; stream_id: string }>(
      await app.database.db.execute(
        sql`select position::text as position, stream_id from events
          where metadata->>'userId' = ${bob.user.id} order by position limit 1`,
      ),
    );
    await app.database.db.execute(
      sql`update events set data = data || '{"forged": true}' where position = ${bobs!.position}::bigint`,
    );
    // The verdict is reused for a minute.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    const adas = (await app.get('/audit', { token: ada.token })).body as AuditAnswer;
    expect(adas).toMatchObject({ verified: false, broken: null });
    const bobsAnswer = (await app.get('/audit', { token: bob.token })).body as AuditAnswer;
    expect(bobsAnswer).toMatchObject({
      verified: false,
      broken: { position: bobs!.position, streamId: bobs!.stream_id, reason: 'changed' },
    });
  });
});
