import { type BillingCustomerEvent, billingCustomerStreamId, subscriptionStreamId } from '@remit/contracts';
import { markInvoicePaidFor } from '@remit/domain';
import { type Decider, type Step, step } from '@remit/eventstore';
import { type BillingCommand, billingDecider } from './decider.js';

type LinkCustomer = { type: 'LinkBillingCustomer'; data: BillingCustomerEvent['data'] };

/** `billing-customer-{provider}-{id}`: the provider's customer → our user, for webhooks naming only it. */
const billingCustomerDecider: Decider<{ userId: string | null }, LinkCustomer, BillingCustomerEvent> = {
  name: 'billing-customer',
  handles: ['BillingCustomerLinked'],
  initialState: { userId: null },
  evolve: (_state, event) => ({ userId: event.data.userId }),
  decide(state, { data }) {
    if (state.userId === data.userId) return [];
    if (state.userId !== null) throw new Error(`customer ${data.customerId} belongs to another user`);
    return [{ type: 'BillingCustomerLinked', data }];
  },
};

/**
 * A billing command on `subscription-{userId}`, with what it causes on other aggregates: a new customer
 * is linked back to the user; an invoice bought one-time is marked paid by the invoice's own decider.
 * `also` rides along in the same transaction (a webhook's reservation).
 */
export function onBilling(userId: string, command: BillingCommand, also: Step[] = []) {
  return step({
    decider: billingDecider,
    streams: subscriptionStreamId(userId),
    command,
    effects: (events) => [
      ...events.flatMap((event): Step[] => {
        if (event.type === 'BillingCustomerCreated') {
          return [
            step({
              decider: billingCustomerDecider,
              streams: billingCustomerStreamId(event.data.provider, event.data.customerId),
              command: { type: 'LinkBillingCustomer', data: event.data },
            }),
          ];
        }
        if (event.type === 'InvoicePurchased' && event.data.sessionId) {
          const { invoiceId, sessionId, amount, currency } = event.data;
          if (amount === undefined || currency === undefined) return [];
          return [markInvoicePaidFor({ invoiceId, userId, sessionId, amount, currency })];
        }
        return [];
      }),
      ...also,
    ],
  });
}
