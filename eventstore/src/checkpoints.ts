import { and, eq, sql } from 'drizzle-orm';
import type { Database } from './database.js';
import { START } from './read.js';
import { checkpoints, events } from './schema.js';
import type { LogCheckpoint } from './types.js';

export async function readCheckpoint(db: Database, name: string): Promise<LogCheckpoint> {
  const [row] = await db
    .select({ txId: checkpoints.txId, position: checkpoints.position })
    .from(checkpoints)
    .where(eq(checkpoints.name, name));
  return row ?? START;
}

/**
 * Reads the checkpoint and holds its row until the transaction ends, so two processes running the
 * same subscription take turns instead of applying a batch twice.
 */
export async function lockCheckpoint(tx: Database, name: string): Promise<LogCheckpoint> {
  await tx.insert(checkpoints).values({ name }).onConflictDoNothing();
  const [row] = await tx
    .select({ txId: checkpoints.txId, position: checkpoints.position })
    .from(checkpoints)
    .where(eq(checkpoints.name, name))
    .for('update');
  return row ?? START;
}

export async function saveCheckpoint(tx: Database, name: string, checkpoint: LogCheckpoint): Promise<void> {
  await tx
    .update(checkpoints)
    .set({ txId: checkpoint.txId, position: checkpoint.position, updatedAt: sql`now()` })
    .where(eq(checkpoints.name, name));
}

export async function deleteCheckpoint(db: Database, name: string): Promise<void> {
  await db.delete(checkpoints).where(eq(checkpoints.name, name));
}

/** Whether the subscription's checkpoint is at or past the event at this position. */
export async function isApplied(db: Database, name: string, position: bigint): Promise<boolean> {
  // Position 0 is before the first event: every read model has applied it.
  if (position <= 0n) return true;
  const [row] = await db
    .select({ applied: sql<boolean>`true` })
    .from(events)
    .innerJoin(checkpoints, eq(checkpoints.name, name))
    .where(
      and(
        eq(events.position, position),
        sql`(${events.txId}, ${events.position}) <= (${checkpoints.txId}, ${checkpoints.position})`,
      ),
    );
  return row !== undefined;
}
