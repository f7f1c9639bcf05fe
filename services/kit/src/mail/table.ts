import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Mails waiting for the SMTP server (issue 14; invoice sends since issue 34): written in the transaction
 * that commits what decided them, sent by the delivery loop, retried with backoff. Owned by the mail
 * module (migration in services/kit/migrations), not a projection: a replay leaves it alone. `id` is the
 * stream id of what decided the mail (a reservation, or the invoice's send), so it is queued at most once.
 */
export const mailDeliveries = pgTable(
  'mail_deliveries',
  {
    id: text('id').primaryKey(),
    message: jsonb('message')
      .$type<{
        to: string | string[];
        cc?: string[];
        subject: string;
        text: string;
        html: string;
        messageId?: string;
        replyTo?: string;
        /** An invoice send's PDF, base64, so a retry after a restart sends the same mail. */
        attachments?: { filename: string; contentBase64: string; contentType: string }[];
      }>()
      .notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [
    index('mail_deliveries_pending')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);
