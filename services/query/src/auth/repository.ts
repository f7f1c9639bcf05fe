import type { User } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { readModels } from '@remit/readmodels';
import { eq } from 'drizzle-orm';

const { users } = readModels;

/** The signed-in account as `GET /auth/status` shows it; null once the account is gone. */
export async function findUser(db: Database, userId: string): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
  };
}
