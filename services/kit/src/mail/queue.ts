import type { Database } from '@remit/eventstore';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import type { Mailer, MailMessage } from './mailer.js';
import { mailDeliveries } from './table.js';

/** Waits before the 2nd, 3rd, … attempt; after the last one fails the mail is given up (logged as an error). */
export const DEFAULT_RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 86_400_000];
/**
 * How long a claimed mail is left to its sender before another loop may take it: longer than an SMTP
 * exchange can last (nodemailer gives up a silent socket after 10 minutes), so only a sender that died
 * mid-send leaves it to be sent again.
 */
const LEASE_MS = 15 * 60_000;
const BATCH = 50;

/**
 * Queues a mail in the transaction that commits what decided it (the reservation): the row exists if
 * and only if the event does. `id` is the reservation's stream id, so a mail is queued at most once.
 */
export async function queueMail(tx: Database, id: string, message: MailMessage, at: Date): Promise<void> {
  const { attachments, ...rest } = message;
  const stored = attachments
    ? {
        ...rest,
        attachments: attachments.map(({ filename, content, contentType }) => ({
          filename,
          contentType,
          contentBase64: content.toString('base64'),
        })),
      }
    : rest;
  await tx
    .insert(mailDeliveries)
    .values({ id, message: stored, createdAt: at, nextAttemptAt: at })
    .onConflictDoNothing();
}

function mailOf(stored: typeof mailDeliveries.$inferSelect.message): MailMessage {
  const { attachments, ...rest } = stored;
  if (!attachments) return rest;
  return {
    ...rest,
    attachments: attachments.map(({ filename, contentType, contentBase64 }) => ({
      filename,
      contentType,
      content: Buffer.from(contentBase64, 'base64'),
    })),
  };
}

/** Where a queued mail stands: waiting (or being retried), taken by the mail server, or given up. */
export type MailDeliveryState = 'queued' | 'sent' | 'failed';

/** The states of the mails queued under these ids (ids never queued are absent). */
export async function mailDeliveryStates(
  db: Database,
  ids: string[],
): Promise<Map<string, MailDeliveryState>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: mailDeliveries.id, sentAt: mailDeliveries.sentAt, failedAt: mailDeliveries.failedAt })
    .from(mailDeliveries)
    .where(inArray(mailDeliveries.id, ids));
  return new Map(
    rows.map((row) => [row.id, row.sentAt ? 'sent' : row.failedAt ? 'failed' : 'queued'] as const),
  );
}

export interface DeliveryReport {
  sent: number;
  failed: number;
}

/**
 * The delivery loop's one pass: claims the mails due (`FOR UPDATE SKIP LOCKED`, then a lease written in
 * the same transaction, so two instances never take the same mail), sends each with its stable
 * Message-ID, and marks it sent; a refusal or an unreachable server puts it back with the next delay.
 */
export function mailDelivery(options: {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  retryDelaysMs?: number[];
}) {
  const { db, clock, mailer, logger } = options;
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;

  async function claim(only?: string) {
    const now = clock();
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(mailDeliveries)
        .where(
          and(
            isNull(mailDeliveries.sentAt),
            isNull(mailDeliveries.failedAt),
            lte(mailDeliveries.nextAttemptAt, now),
            only === undefined ? undefined : eq(mailDeliveries.id, only),
          ),
        )
        .orderBy(asc(mailDeliveries.nextAttemptAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return rows;
      await tx
        .update(mailDeliveries)
        .set({
          attempts: sql`${mailDeliveries.attempts} + 1`,
          nextAttemptAt: new Date(now.getTime() + LEASE_MS),
        })
        .where(
          inArray(
            mailDeliveries.id,
            rows.map((row) => row.id),
          ),
        );
      return rows;
    });
  }

  /** Delivers the mails due, or only the one queued under `only` (a send's first attempt, at once). */
  return async function deliver(only?: string): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, failed: 0 };
    for (const row of await claim(only)) {
      const attempts = row.attempts + 1;
      try {
        await mailer.send(mailOf(row.message));
      } catch (error) {
        report.failed++;
        const delay = delays[attempts - 1];
        const message = error instanceof Error ? error.message : String(error);
        if (delay === undefined) {
          logger.error({ err: error, delivery: row.id, attempts }, 'a mail could not be delivered; given up');
          await db
            .update(mailDeliveries)
            .set({ failedAt: clock(), lastError: message })
            .where(eq(mailDeliveries.id, row.id));
        } else {
          logger.warn(
            { err: error, delivery: row.id, attempts, retryInMs: delay },
            'a mail could not be delivered; it is retried',
          );
          await db
            .update(mailDeliveries)
            .set({ nextAttemptAt: new Date(clock().getTime() + delay), lastError: message })
            .where(eq(mailDeliveries.id, row.id));
        }
        continue;
      }
      report.sent++;
      await db.update(mailDeliveries).set({ sentAt: clock() }).where(eq(mailDeliveries.id, row.id));
    }
    return report;
  };
}
