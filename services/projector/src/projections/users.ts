import type { UserEvent } from '@remit/contracts';
import { eq } from 'drizzle-orm';
import { defineProjection } from '../projection.js';
import { users } from '../schema.js';

/** The `users` read model: one row per account, from the account's own events. */
export const usersProjection = defineProjection({
  name: 'users',
  tables: ['users'],
  handles: ['UserSignedUp', 'EmailVerified', 'GoogleAccountLinked'] satisfies UserEvent['type'][],
  async apply(db, stored) {
    const event = stored as unknown as UserEvent & { createdAt: Date; streamId: string };
    const at = stored.createdAt;
    switch (event.type) {
      case 'UserSignedUp':
        await db
          .insert(users)
          .values({
            id: event.data.userId,
            name: event.data.name,
            email: event.data.email,
            emailVerified: false,
            signUpMethod: event.data.method,
            googleLinked: false,
            createdAt: at,
            updatedAt: at,
          })
          .onConflictDoNothing();
        return;
      case 'EmailVerified':
        await db
          .update(users)
          .set({ emailVerified: true, updatedAt: at })
          .where(eq(users.id, userIdOf(stored.streamId)));
        return;
      case 'GoogleAccountLinked':
        await db
          .update(users)
          .set({ googleLinked: true, updatedAt: at })
          .where(eq(users.id, userIdOf(stored.streamId)));
        return;
      case 'VerificationTokenIssued':
        return;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
});

const userIdOf = (streamId: string) => streamId.slice('user-'.length);
