import { unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { eq, sql } from 'drizzle-orm';
import { insertRows, selectWhereIn } from '../bulk.js';
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
  // The same folded per user in log order. A sign-up is kept only if neither its id nor its e-mail is
  // taken (as the insert's `on conflict do nothing` did), so the rows and e-mails the batch touches are
  // read first. Accounts new to the batch are inserted whole (still `on conflict do nothing`); accounts
  // that were there are upserted by id (their e-mail never changes).
  async applyBatch(db, events) {
    const ids = events.map((event) =>
      event.type === 'UserSignedUp' ? event.data.userId : userIdOf(event.streamId),
    );
    const emails = events.flatMap((event) => (event.type === 'UserSignedUp' ? [event.data.email] : []));
    const existed = new Set<string>();
    const current = new Map<string, User>();
    // Whose each e-mail is: a sign-up with an address another account holds leaves no row.
    const owners = new Map<string, string>();
    for (const row of [
      ...(await selectWhereIn(db, users, users.id, ids)),
      ...(await selectWhereIn(db, users, users.email, emails)),
    ]) {
      existed.add(row.id);
      current.set(row.id, row);
      owners.set(row.email, row.id);
    }
    const dirty = new Set<string>();
    for (const event of events) {
      const at = event.createdAt;
      if (event.type === 'UserSignedUp') {
        const id = event.data.userId;
        if (current.has(id) || owners.has(event.data.email)) continue;
        owners.set(event.data.email, id);
        current.set(id, {
          id,
          name: event.data.name,
          email: event.data.email,
          emailVerified: false,
          signUpMethod: event.data.method,
          googleLinked: false,
          createdAt: at,
          updatedAt: at,
        });
        dirty.add(id);
        continue;
      }
      const id = userIdOf(event.streamId);
      const row = current.get(id);
      if (!row) continue;
      current.set(
        id,
        event.type === 'EmailVerified'
          ? { ...row, emailVerified: true, updatedAt: at }
          : { ...row, googleLinked: true, updatedAt: at },
      );
      dirty.add(id);
    }
    const written = [...dirty].map((id) => current.get(id) as User);
    await insertRows(
      db,
      users,
      written.filter((row) => !existed.has(row.id)),
      sql`on conflict do nothing`,
    );
    await insertRows(
      db,
      users,
      written.filter((row) => existed.has(row.id)),
      sql`on conflict (id) do update set email_verified = excluded.email_verified,
        google_linked = excluded.google_linked, updated_at = excluded.updated_at`,
    );
  },
});

type User = typeof users.$inferSelect;

const userIdOf = (streamId: string) => streamId.slice('user-'.length);
