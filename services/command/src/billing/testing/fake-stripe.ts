import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stripeApi } from './fake-stripe/api.js';
import { createStripeState, id, type Json, nowSeconds, subscriptionObject } from './fake-stripe/state.js';

/**
 * A local stand-in for the part of Stripe's HTTP API that Remit calls, so tests drive the real `stripe`
 * SDK (pointed here by host, port and protocol) and can assert every request Remit makes. Objects are
 * shaped as Stripe's API version of the installed SDK returns them (periods on subscription items).
 */
export async function startFakeStripe() {
  const state = createStripeState();
  const { sessions, subscriptions, accounts, paymentIntents, charges, balanceTransactions, disputes } = state;
  const server = createServer(stripeApi(state));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    /** Every object by id and every request sent, for a test's assertions. */
    ...state,
    /** What happens when the customer pays on Stripe's page: the session completes (and a subscription starts). */
    complete(sessionId: string, { periodDays = 30 } = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.status = 'complete';
      session.payment_status = 'paid';
      if (session.mode === 'subscription') {
        const subscription = subscriptionObject({
          customer: session.customer as string,
          priceId: session.price as string,
          metadata: session.subscription_metadata as Json,
          periodEnd: nowSeconds() + periodDays * 86_400,
        });
        subscriptions.set(subscription.id as string, subscription);
        session.subscription = subscription.id;
      }
      return session;
    },
    /** A subscription made outside a checkout (e.g. in Stripe's dashboard) for a test's webhook. */
    addSubscription(input: { customer: string; priceId: string; metadata: Json; periodEnd: number }) {
      const subscription = subscriptionObject(input);
      subscriptions.set(subscription.id as string, subscription);
      return subscription;
    },
    /** The owner finished Stripe's onboarding: the account takes charges. */
    finishOnboarding(accountId: string) {
      const found = accounts.get(accountId);
      if (!found) throw new Error(`no account ${accountId}`);
      found.charges_enabled = true;
      found.details_submitted = true;
      return found;
    },
    /**
     * The customer pays a payment-mode checkout on Stripe's page: a PaymentIntent, its charge and its
     * balance transaction (with the fee) on the session's account; the session completes.
     */
    pay(sessionId: string, { method = 'card', fee = 0 }: { method?: string; fee?: number } = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const created = nowSeconds();
      const transaction = { id: id('txn'), object: 'balance_transaction', fee, account: session.account };
      const intent: Json = {
        id: id('pi'),
        object: 'payment_intent',
        amount: session.amount_total,
        amount_received: session.amount_total,
        currency: session.currency,
        status: 'succeeded',
        metadata: session.payment_intent_metadata,
        payment_method_types: [method],
        created,
        account: session.account,
      };
      const charge: Json = {
        id: id('ch'),
        object: 'charge',
        amount: session.amount_total,
        amount_refunded: 0,
        refunded: false,
        disputed: false,
        currency: session.currency,
        payment_intent: intent.id,
        balance_transaction: transaction.id,
        payment_method_details: { type: method },
        created,
        account: session.account,
      };
      intent.latest_charge = charge.id;
      balanceTransactions.set(transaction.id, transaction);
      charges.set(charge.id as string, charge);
      paymentIntents.set(intent.id as string, intent);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = intent.id;
      return { session, intent, charge };
    },
    /** A refund made in Stripe's dashboard: of `amount` more (cents), or of all that is left. */
    refundInDashboard(paymentIntentId: string, amount?: number) {
      const intent = paymentIntents.get(paymentIntentId) as Json;
      const charge = charges.get(intent.latest_charge as string) as Json;
      const refunded = (charge.amount_refunded as number) + (amount ?? (charge.amount as number));
      charge.amount_refunded = Math.min(refunded, charge.amount as number);
      charge.refunded = charge.amount_refunded === charge.amount;
      return charge;
    },
    /** The customer's bank disputes the charge (Stripe withdraws the money: `needs_response`). */
    dispute(paymentIntentId: string) {
      const intent = paymentIntents.get(paymentIntentId) as Json;
      const charge = charges.get(intent.latest_charge as string) as Json;
      charge.disputed = true;
      const dispute = {
        id: id('dp'),
        object: 'dispute',
        charge: charge.id,
        payment_intent: intent.id,
        amount: (charge.amount as number) - (charge.amount_refunded as number),
        currency: charge.currency,
        status: 'needs_response',
        account: charge.account,
      };
      disputes.set(dispute.id, dispute);
      return dispute;
    },
    /** The dispute is decided: `won` gives the money back to the owner, `lost` leaves it with the customer. */
    closeDispute(disputeId: string, status: 'won' | 'lost') {
      const dispute = disputes.get(disputeId) as Json;
      dispute.status = status;
      return dispute;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
