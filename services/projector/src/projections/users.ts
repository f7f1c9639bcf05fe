import { unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { eq } from 'drizzle-orm';
import { defineProjection } from '../projection.js';

const { users } = readModels;

/** The `users` read model: one row per account, from the account's own events. */
export const usersProjection = defineProjection({
  name: 'users',
  tables: ['users'],
  handles: ['UserSignedUp', 'EmailVerified', 'GoogleAccountLinked'],
  async apply(db, event) {
    const at = event.createdAt;
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
          .where(eq(users.id, userIdOf(event.streamId)));
        return;
      case 'GoogleAccountLinked':
        await db
          .update(users)
          .set({ googleLinked: true, updatedAt: at })
          .where(eq(users.id, userIdOf(event.streamId)));
        return;
      default:
        return unreachable(event);
    }
  },
});

const userIdOf = (streamId: string) => streamId.slice('user-'.length);
