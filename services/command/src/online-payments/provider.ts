import type {
  DocumentLanguage,
  OnlinePaymentMode,
  OnlinePaymentProvider,
  PaymentMethodKind,
} from '@remit/contracts';
import type { ProviderDispute } from '@remit/domain';

/**
 * What online payments need from a provider (issue 31): the owner's account and its onboarding, a
 * checkout of an invoice's balance on that account, and the payment as the provider has it now. Two
 * adapters: Stripe (`stripe-connect.ts`, Connect or the server's own account) and the built-in sandbox
 * (`sandbox.ts`). Everything is normalised to these shapes; the invoice's decider never sees Stripe's.
 */
export interface ProviderAccount {
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
}

/** A payment as the provider has it at the moment it was asked (never as a webhook's body said). */
export interface ProviderPayment {
  /** The PaymentIntent's id: the payment's id on the invoice, and the key that makes it count once. */
  paymentId: string;
  accountId: string;
  /** From the metadata Remit put on the checkout; null on a payment Remit did not start. */
  userId: string | null;
  invoiceId: string | null;
  /** Minor units of `currency` (upper case), as received. */
  amount: number;
  currency: string;
  /** Taken: the only state that is recorded. */
  succeeded: boolean;
  /** Given back to the customer so far (minor units): 0, part, or all of `amount`. */
  refunded: number;
  /** The charge's dispute (one at most), or null; an inquiry that withdrew no money is none. */
  dispute: ProviderDispute | null;
  /** What the provider kept, minor units; 0 until the provider says. */
  fee: number;
  method: PaymentMethodKind;
  /** The day it was paid (yyyy-mm-dd, UTC). */
  date: string;
}

export interface CheckoutInput {
  accountId: string;
  userId: string;
  invoiceId: string;
  invoiceNumber: string;
  /** Whom the customer pays (the seller as printed on the invoice). */
  payee: string;
  amount: number;
  currency: string;
  customerEmail: string | null;
  /** The invoice's document language: the checkout speaks it to the customer. */
  language: DocumentLanguage;
  successUrl: string;
  cancelUrl: string;
  /** One checkout per invoice, balance and account a few minutes: a double-click makes one session. */
  idempotencyKey: string;
}

export interface InvoicePaymentProvider {
  readonly name: OnlinePaymentProvider;
  readonly mode: OnlinePaymentMode;
  /** A new account for the owner (Connect), the server's own (`own`), or the sandbox's. */
  createAccount(input: {
    userId: string;
    email: string | null;
    accountType: 'standard' | 'express';
  }): Promise<{
    accountId: string;
    accountType: 'standard' | 'express' | 'own' | 'sandbox';
  }>;
  /** Where the owner finishes onboarding (Stripe's own pages); null when nothing is left to do. */
  onboardingUrl(accountId: string, returnUrl: string, refreshUrl: string): Promise<string | null>;
  /** Null when the provider does not know the account (deleted, or the platform lost access). */
  retrieveAccount(accountId: string): Promise<ProviderAccount | null>;
  createCheckout(input: CheckoutInput): Promise<{ id: string; url: string }>;
  /** The payment of a checkout session; null when unknown, or not paid yet. */
  paymentOfSession(accountId: string, sessionId: string): Promise<ProviderPayment | null>;
  payment(accountId: string, paymentId: string): Promise<ProviderPayment | null>;
  /** Gives the whole payment back (idempotent: a second call refunds nothing more). */
  refund(accountId: string, paymentId: string): Promise<void>;
}

/** The placeholder Stripe substitutes with the session id in `success_url`. */
export const SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';
/** The account id a self-hosted server's own Stripe account goes by (no `Stripe-Account` header). */
export const OWN_ACCOUNT = 'own';
