import { unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { BatchRows, chunks } from '../bulk.js';
import { defineProjection } from '../projection.js';

const { paymentMethods } = readModels;

/**
 * Payment methods per user. PaymentMethodMadeDefault makes its method the user's only default, so the latest
 * one in the log wins, live and in a rebuild alike.
 */
export const paymentMethodsProjection = defineProjection({
  name: 'payment-methods',
  tables: ['payment_methods'],
  handles: [
    'PaymentMethodAdded',
    'PaymentMethodUpdated',
    'PaymentMethodEnabled',
    'PaymentMethodDisabled',
    'PaymentMethodMadeDefault',
  ],
  async apply(db, event) {
    const at = event.createdAt;
    const own = and(
      eq(paymentMethods.id, event.data.paymentMethodId),
      eq(paymentMethods.userId, event.data.userId),
    );
    switch (event.type) {
      case 'PaymentMethodAdded': {
        const { paymentMethodId, userId, ...details } = event.data;
        await db
          .insert(paymentMethods)
          .values({
            id: paymentMethodId,
            userId,
            ...details,
            isDefault: false,
            isActive: true,
            addedPosition: event.position,
            createdAt: at,
            updatedAt: at,
          })
          .onConflictDoNothing();
        return;
      }
      case 'PaymentMethodUpdated': {
        const { paymentMethodId: _id, userId: _user, ...details } = event.data;
        await db
          .update(paymentMethods)
          .set({ ...details, updatedAt: at })
          .where(own);
        return;
      }
      case 'PaymentMethodEnabled':
      case 'PaymentMethodDisabled':
        await db
          .update(paymentMethods)
          .set({ isActive: event.type === 'PaymentMethodEnabled', updatedAt: at })
          .where(own);
        return;
      case 'PaymentMethodMadeDefault':
        await db
          .update(paymentMethods)
          .set({ isDefault: sql`${paymentMethods.id} = ${event.data.paymentMethodId}` })
          .where(eq(paymentMethods.userId, event.data.userId));
        return;
      default:
        return unreachable(event);
    }
  },
  // The same folded in memory in log order: the methods the batch names, and every method of a user whose
  // default changes in it (making one the default touches them all), then one upsert.
  async applyBatch(db, events) {
    const ids = [...new Set(events.map((event) => event.data.paymentMethodId))];
    const owners = [
      ...new Set(
        events.filter((event) => event.type === 'PaymentMethodMadeDefault').map((event) => event.data.userId),
      ),
    ];
    const loaded: (typeof paymentMethods.$inferSelect)[] = [];
    for (const part of chunks(ids, 5_000)) {
      loaded.push(...(await db.select().from(paymentMethods).where(inArray(paymentMethods.id, part))));
    }
    for (const part of chunks(owners, 5_000)) {
      loaded.push(...(await db.select().from(paymentMethods).where(inArray(paymentMethods.userId, part))));
    }
    const rows = new BatchRows(paymentMethods, ['id'], loaded);
    for (const event of events) {
      const at = event.createdAt;
      const { paymentMethodId, userId } = event.data;
      const row = rows.get({ id: paymentMethodId });
      const own = row !== undefined && row.userId === userId;
      switch (event.type) {
        case 'PaymentMethodAdded': {
          if (row) break;
          const { paymentMethodId: _id, userId: _user, ...details } = event.data;
          rows.put({
            id: paymentMethodId,
            userId,
            ...details,
            isDefault: false,
            isActive: true,
            addedPosition: event.position,
            createdAt: at,
            updatedAt: at,
          });
          break;
        }
        case 'PaymentMethodUpdated': {
          if (!own) break;
          const { paymentMethodId: _id, userId: _user, ...details } = event.data;
          rows.put({ ...row, ...details, updatedAt: at });
          break;
        }
        case 'PaymentMethodEnabled':
        case 'PaymentMethodDisabled':
          if (own) rows.put({ ...row, isActive: event.type === 'PaymentMethodEnabled', updatedAt: at });
          break;
        case 'PaymentMethodMadeDefault':
          for (const other of rows.rows()) {
            if (other.userId !== userId) continue;
            const isDefault = other.id === paymentMethodId;
            if (other.isDefault !== isDefault) rows.put({ ...other, isDefault });
          }
          break;
        default:
          unreachable(event);
      }
    }
    await rows.write(db);
  },
});
