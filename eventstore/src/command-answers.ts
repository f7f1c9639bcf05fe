import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from './database.js';
import { commandAnswers } from './schema.js';

/** What a command sent with an idempotency key finds when it arrives. */
export type CommandClaim =
  /** It is the first (or the previous attempt died): run it, then record the answer with `claim`. */
  | { kind: 'claimed'; claim: string }
  /** It ran before: answer this again, do nothing. */
  | { kind: 'answered'; status: number; body: unknown }
  /** The same key is running right now elsewhere. */
  | { kind: 'in_progress' }
  /** The key was used for a different request. */
  | { kind: 'mismatch' };

export interface CommandAnswer {
  status: number;
  body: unknown;
}

/** The claim was taken over (its lease ran out) or answered by someone else: roll back. */
export class ClaimLostError extends Error {
  override readonly name = 'ClaimLostError';
}

/**
 * Who holds a claim: a name this process keeps alive as a lock (`holdClaims`), so another process can
 * tell a claim whose holder died (killed mid-command) from one still running, without waiting out its lease.
 */
export interface ClaimHolder {
  /** Recorded with each claim this process makes. */
  name: string;
  /** Whether the process that recorded `holder` is gone (its lock is free). */
  gone(holder: string): Promise<boolean>;
}

/**
 * Claims an idempotency key for one run of its command. A claim whose holder is gone (`holder`: its process
 * died) or whose lease ran out (claims made without a holder) is taken over, so a retry is never refused for
 * long; recording the answer checks the claim, so of two runs that overlapped only one can commit.
 */
export async function claimCommand(
  db: Database,
  request: { key: string; fingerprint: string; leaseMs: number; holder?: ClaimHolder },
): Promise<CommandClaim> {
  const { key, fingerprint, holder } = request;
  const lease = sql`now() + ${`${request.leaseMs} milliseconds`}::interval`;
  const claim = randomUUID();
  const held = { claim, leaseUntil: lease, holder: holder?.name ?? null };
  const inserted = await db
    .insert(commandAnswers)
    .values({ key, fingerprint, ...held })
    .onConflictDoNothing()
    .returning({ key: commandAnswers.key });
  if (inserted.length > 0) return { kind: 'claimed', claim };

  const [row] = await db
    .select({
      fingerprint: commandAnswers.fingerprint,
      status: commandAnswers.status,
      body: commandAnswers.body,
      answered: sql<boolean>`${commandAnswers.answeredAt} is not null`,
      claim: commandAnswers.claim,
      holder: commandAnswers.holder,
      expired: sql<boolean>`${commandAnswers.leaseUntil} <= now()`,
    })
    .from(commandAnswers)
    .where(eq(commandAnswers.key, key));
  // Expired and removed between the two statements: a fresh start.
  if (!row) return claimCommand(db, request);
  if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
  if (row.answered) return { kind: 'answered', status: row.status ?? 200, body: row.body };
  const orphaned =
    !row.expired &&
    row.holder !== null &&
    holder !== undefined &&
    row.holder !== holder.name &&
    (await holder.gone(row.holder));
  if (!row.expired && !orphaned) return { kind: 'in_progress' };
  // Taken over only from the claim seen here: of two runs taking it over at once, one gets it.
  const taken = await db
    .update(commandAnswers)
    .set(held)
    .where(
      and(
        eq(commandAnswers.key, key),
        eq(commandAnswers.claim, row.claim),
        isNull(commandAnswers.answeredAt),
      ),
    )
    .returning({ key: commandAnswers.key });
  return taken.length > 0 ? { kind: 'claimed', claim } : { kind: 'in_progress' };
}

/** Records the answer under the claim, in the caller's transaction (the command's own append). */
export async function recordAnswer(
  tx: Database,
  key: string,
  claim: string,
  answer: CommandAnswer,
): Promise<void> {
  const updated = await tx
    .update(commandAnswers)
    .set({ status: answer.status, body: answer.body, answeredAt: sql`now()` })
    .where(
      and(eq(commandAnswers.key, key), eq(commandAnswers.claim, claim), isNull(commandAnswers.answeredAt)),
    )
    .returning({ key: commandAnswers.key });
  if (updated.length === 0) throw new ClaimLostError(`the claim on command ${key} was lost`);
}

/** Gives a claim up (the command was refused or failed): the key may be used again. */
export async function releaseClaim(db: Database, key: string, claim: string): Promise<void> {
  await db
    .delete(commandAnswers)
    .where(
      and(eq(commandAnswers.key, key), eq(commandAnswers.claim, claim), isNull(commandAnswers.answeredAt)),
    );
}

/** Removes answers recorded before `before`; the keys of those commands are then forgotten. */
export async function forgetAnswers(db: Database, before: Date): Promise<number> {
  const removed = await db
    .delete(commandAnswers)
    .where(lt(commandAnswers.createdAt, before))
    .returning({ key: commandAnswers.key });
  return removed.length;
}
