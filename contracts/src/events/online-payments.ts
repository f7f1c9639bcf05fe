import { z } from 'zod';
import { type EventOf, eventType } from './define.js';

/**
 * Online payments (issue 31): the owner's payment account that customers pay invoices into, on
 * `online-payments-{userId}`. `stripe` is an account connected to the operator's platform (Stripe
 * Connect, Standard or Express, onboarded on Stripe's own pages), or on a self-hosted server the
 * operator's own account (`own`: the key is the server's, never the log's); `sandbox` is the built-in
 * stand-in where no money moves.
 */
export const onlinePaymentProviders = ['stripe', 'sandbox'] as const;
export type OnlinePaymentProvider = (typeof onlinePaymentProviders)[number];
export const onlinePaymentAccountTypes = ['standard', 'express', 'own', 'sandbox'] as const;

export const onlinePaymentEvents = {
  /** The owner started connecting (or connected) an account: customers can pay once it takes charges. */
  OnlinePaymentsConnected: eventType(
    z.object({
      userId: z.string(),
      provider: z.enum(onlinePaymentProviders),
      accountId: z.string(),
      accountType: z.enum(onlinePaymentAccountTypes),
    }),
  ),
  /** What the provider said of the account (onboarding finished, charges enabled), when it changed. */
  OnlinePaymentsAccountUpdated: eventType(
    z.object({
      userId: z.string(),
      accountId: z.string(),
      chargesEnabled: z.boolean(),
      detailsSubmitted: z.boolean(),
    }),
  ),
  /** No new checkouts; payments already under way still land (their account stays linked to the owner). */
  OnlinePaymentsDisconnected: eventType(z.object({ userId: z.string(), accountId: z.string() })),
} as const;

/**
 * `connected-account-{provider}-{accountId}`: whose account it is, written once. A webhook about a
 * connected account (`event.account`) finds its owner here, even after the owner disconnected it.
 */
export const connectedAccountEvents = {
  ConnectedAccountLinked: eventType(
    z.object({ provider: z.enum(onlinePaymentProviders), accountId: z.string(), userId: z.string() }),
  ),
} as const;

/**
 * The sandbox's checkout of an invoice payment, `sandbox-invoice-checkout-{sessionId}`: what Stripe
 * Checkout on a connected account would hold. `paymentIntentId` is the payment's id, as Stripe's is.
 */
export const sandboxInvoiceCheckoutEvents = {
  SandboxInvoiceCheckoutCreated: eventType(
    z.object({
      sessionId: z.string(),
      paymentIntentId: z.string(),
      accountId: z.string(),
      userId: z.string(),
      invoiceId: z.string(),
      invoiceNumber: z.string(),
      payee: z.string(),
      amount: z.number().int().positive(),
      currency: z.string(),
      successUrl: z.string(),
      cancelUrl: z.string(),
    }),
  ),
  /** The sandbox's Pay button: "paid" by card, a fee as Stripe's standard European card pricing takes. */
  SandboxInvoiceCheckoutPaid: eventType(z.object({ sessionId: z.string(), fee: z.number().int() })),
  /** Refunded (a second payment of a paid invoice): the sandbox's refund, no money moves. */
  SandboxInvoiceCheckoutRefunded: eventType(z.object({ sessionId: z.string() })),
} as const;

export type OnlinePaymentEvent = EventOf<typeof onlinePaymentEvents>;
export type ConnectedAccountEvent = EventOf<typeof connectedAccountEvents>;
export type SandboxInvoiceCheckoutEvent = EventOf<typeof sandboxInvoiceCheckoutEvents>;

export const onlinePaymentsStreamId = (userId: string) => `online-payments-${userId}`;
export const connectedAccountStreamId = (provider: string, accountId: string) =>
  `connected-account-${provider}-${accountId}`;
export const sandboxInvoiceCheckoutStreamId = (sessionId: string) => `sandbox-invoice-checkout-${sessionId}`;
