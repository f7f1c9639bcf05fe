import { unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { and, eq, sql } from 'drizzle-orm';
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
});
