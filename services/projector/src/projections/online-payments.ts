import { unreachable } from '@remit/kit';
import { readModels } from '@remit/readmodels';
import { and, eq, lt } from 'drizzle-orm';
import { defineProjection } from '../projection.js';

const { onlinePaymentAccounts } = readModels;

/**
 * Each owner's online payment account (issue 31): /profile's 'Online payments' and the customer page's
 * 'Pay {amount}' read it. An event at or below the row's position was applied already.
 */
export const onlinePaymentsProjection = defineProjection({
  name: 'online-payments',
  tables: ['online_payment_accounts'],
  handles: ['OnlinePaymentsConnected', 'OnlinePaymentsAccountUpdated', 'OnlinePaymentsDisconnected'],
  async apply(db, event) {
    const { userId, accountId } = event.data;
    const position = event.position;
    const newer = and(eq(onlinePaymentAccounts.userId, userId), lt(onlinePaymentAccounts.position, position));
    const same = and(newer, eq(onlinePaymentAccounts.accountId, accountId));
    switch (event.type) {
      case 'OnlinePaymentsConnected': {
        const row = {
          provider: event.data.provider,
          accountId,
          accountType: event.data.accountType,
          connected: true,
          chargesEnabled: false,
          detailsSubmitted: false,
          position,
        };
        await db
          .insert(onlinePaymentAccounts)
          .values({ userId, ...row })
          .onConflictDoUpdate({ target: onlinePaymentAccounts.userId, set: row, setWhere: newer });
        return;
      }
      case 'OnlinePaymentsAccountUpdated':
        await db
          .update(onlinePaymentAccounts)
          .set({
            chargesEnabled: event.data.chargesEnabled,
            detailsSubmitted: event.data.detailsSubmitted,
            position,
          })
          .where(same);
        return;
      case 'OnlinePaymentsDisconnected':
        await db.update(onlinePaymentAccounts).set({ connected: false, position }).where(same);
        return;
      default:
        return unreachable(event);
    }
  },
});
