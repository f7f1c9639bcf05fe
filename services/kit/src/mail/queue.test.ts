import type { OpenDatabase } from '@remit/eventstore';
import { openTestDatabase, testStores } from '@remit/eventstore/testing';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateSharedState } from '../limits/migrate.js';
import { createLogger } from '../logger.js';
import type { MailMessage } from './mailer.js';
import { mailDelivery, queueMail } from './queue.js';

const at = new Date('2026-03-02T09:00:00Z');
const message = (subject: string): MailMessage => ({
  to: 'ada@example.com',
  subject,
  text: subject,
  html: `<p>${subject}</p>`,
  messageId: `<${subject}@remit.test>`,
});

describe.each(testStores())('the mail queue owned by the kit, on %s', (store) => {
  let database: OpenDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(store);
  });
  afterEach(async () => {
    await database.close();
  });

  it('keeps the rows a database queued before the table moved out of the read models', async () => {
    // The read models' migration 0012 as it was: the table this database already has.
    await database.db.execute(sql`create table "mail_deliveries" (
      "id" text primary key not null, "message" jsonb not null, "attempts" integer default 0 not null,
      "created_at" timestamp with time zone not null, "next_attempt_at" timestamp with time zone not null,
      "sent_at" timestamp with time zone, "failed_at" timestamp with time zone, "last_error" text)`);
    await database.db.execute(sql`create index "mail_deliveries_pending" on "mail_deliveries"
      using btree ("next_attempt_at") where "sent_at" is null and "failed_at" is null`);
    await queueMail(database.db, 'reminder-old', message('old'), at);

    await migrateSharedState(database);
    await queueMail(database.db, 'reminder-new', message('new'), at);
    await queueMail(database.db, 'reminder-new', message('new again'), at);

    const sent: MailMessage[] = [];
    const deliver = mailDelivery({
      db: database.db,
      clock: () => at,
      mailer: { send: async (mail) => void sent.push(mail), close: () => {} },
      logger: createLogger({ level: 'silent', name: 'test' }),
    });
    expect(await deliver()).toEqual({ sent: 2, failed: 0 });
    expect(sent.map((mail) => mail.messageId).sort()).toEqual(['<new@remit.test>', '<old@remit.test>']);
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
  });
});
