import type { EventNamed } from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { type RecordedEvent, unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { inArray } from 'drizzle-orm';
import { BatchRows, chunks } from '../bulk.js';
import { defineProjection } from '../projection.js';

const { paymentMethods } = readModels;

const handles = [
  'PaymentMethodAdded',
  'PaymentMethodUpdated',
  'PaymentMethodEnabled',
  'PaymentMethodDisabled',
  'PaymentMethodMadeDefault',
] as const;
type PaymentMethodEvent = RecordedEvent<EventNamed<(typeof handles)[number]>>;

/**
 * Payment methods per user. PaymentMethodMadeDefault makes its method the user's only default, so the latest
 * one in the log wins, live and in a rebuild alike.
 */
export const paymentMethodsProjection = defineProjection({
  name: 'payment-methods',
  tables: ['payment_methods'],
  handles,
  // One event is a batch of one.
  apply: (db, event) => applyPaymentMethods(db, [event]),
  applyBatch: applyPaymentMethods,
});

/**
 * Folded in memory in log order: the methods the batch names, and every method of a user whose default
 * changes in it (making one the default touches them all), then one upsert.
 */
async function applyPaymentMethods(db: Database, events: PaymentMethodEvent[]): Promise<void> {
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
}
