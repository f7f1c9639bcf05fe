import { catalogue } from '@remit/contracts';
import type { ProviderDispute } from '@remit/domain';
import { AppError } from '@remit/kit';
import Stripe from 'stripe';
import type { StripeSettings } from '../billing/stripe-provider.js';
import {
  type InvoicePaymentProvider,
  OWN_ACCOUNT,
  type ProviderAccount,
  type ProviderPayment,
} from './provider.js';

/** Marks what Remit's checkouts carry, so a platform webhook tells an invoice payment from billing's. */
export const INVOICE_PAYMENT_PURPOSE = 'invoice-payment';

/**
 * Stripe's dispute statuses as the invoice counts them: money withdrawn while the case (or its appeal) runs,
 * back when won, gone when lost; an inquiry (`warning_*`) or a prevented dispute withdrew nothing.
 */
export function disputeState(dispute: Pick<Stripe.Dispute, 'amount' | 'status'>): ProviderDispute | null {
  switch (dispute.status) {
    case 'needs_response':
    case 'under_review':
    case 'appeal_needs_response':
    case 'appeal_under_review':
      return { amount: dispute.amount, status: 'open' };
    case 'won':
      return { amount: dispute.amount, status: 'won' };
    case 'lost':
      return { amount: dispute.amount, status: 'lost' };
    default:
      return null;
  }
}

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/**
 * Customers pay invoices through Stripe (issue 31). With Connect (the default when a Stripe key is set)
 * each owner has their own Standard or Express account, onboarded on Stripe's pages through Account
 * Links; checkouts are created on it (the `Stripe-Account` header: a direct charge, the money settles
 * to the owner, Stripe's fee is theirs). On a self-hosted server (`STRIPE_CONNECT=off`) the server's own
 * account takes the payments and there is nothing to onboard.
 */
export function createStripeInvoicePayments(
  settings: StripeSettings & { connect: boolean },
  now: () => Date,
): InvoicePaymentProvider {
  const address = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(address
      ? {
          host: address.hostname,
          port: address.port || (address.protocol === 'https:' ? 443 : 80),
          protocol: address.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  const on = (accountId: string): Stripe.RequestOptions =>
    accountId === OWN_ACCOUNT ? {} : { stripeAccount: accountId };
  const missing = (error: unknown) =>
    error instanceof Stripe.errors.StripeError &&
    (error.statusCode === 404 || error.code === 'resource_missing' || error.type === 'StripePermissionError');

  function paymentOf(
    intent: Stripe.PaymentIntent,
    accountId: string,
    dispute: ProviderDispute | null,
  ): ProviderPayment {
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    const transaction =
      charge && typeof charge.balance_transaction === 'object' ? charge.balance_transaction : null;
    const type = charge?.payment_method_details?.type ?? intent.payment_method_types?.[0] ?? 'card';
    const paidAt = charge?.created ?? intent.created;
    return {
      paymentId: intent.id,
      accountId,
      userId: intent.metadata?.userId || null,
      invoiceId: intent.metadata?.invoiceId || null,
      amount: intent.amount_received || intent.amount,
      currency: intent.currency.toUpperCase(),
      succeeded: intent.status === 'succeeded',
      refunded: charge ? (charge.refunded ? charge.amount : charge.amount_refunded) : 0,
      dispute,
      fee: transaction?.fee ?? 0,
      method: type === 'sepa_debit' ? 'sepa_debit' : type === 'card' ? 'card' : 'other',
      date: new Date((paidAt ?? Math.floor(now().getTime() / 1000)) * 1000).toISOString().slice(0, 10),
    };
  }

  /** The charge's dispute as it stands (asked only of a disputed charge: one call more, rarely). */
  async function disputeOf(chargeId: string, accountId: string): Promise<ProviderDispute | null> {
    const { data } = await stripe.disputes.list({ charge: chargeId, limit: 1 }, on(accountId));
    const [found] = data;
    return found ? disputeState(found) : null;
  }

  async function payment(accountId: string, paymentId: string): Promise<ProviderPayment | null> {
    try {
      const intent = await stripe.paymentIntents.retrieve(
        paymentId,
        { expand: ['latest_charge.balance_transaction'] },
        on(accountId),
      );
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const dispute = charge?.disputed ? await disputeOf(charge.id, accountId) : null;
      return paymentOf(intent, accountId, dispute);
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  return {
    name: 'stripe',
    mode: settings.connect ? 'connect' : 'own',
    async createAccount({ userId, email, accountType }) {
      if (!settings.connect) return { accountId: OWN_ACCOUNT, accountType: 'own' };
      const account = await stripe.accounts.create(
        { type: accountType, ...(email ? { email } : {}), metadata: { userId } },
        { idempotencyKey: `remit-account-${userId}-${now().toISOString().slice(0, 13)}` },
      );
      return { accountId: account.id, accountType };
    },
    async onboardingUrl(accountId, returnUrl, refreshUrl) {
      if (accountId === OWN_ACCOUNT) return null;
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return link.url;
    },
    async retrieveAccount(accountId): Promise<ProviderAccount | null> {
      if (accountId === OWN_ACCOUNT) return { chargesEnabled: true, detailsSubmitted: true };
      try {
        const account = await stripe.accounts.retrieve(accountId);
        return {
          chargesEnabled: account.charges_enabled ?? false,
          detailsSubmitted: account.details_submitted ?? false,
        };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async createCheckout(input) {
      const metadata = {
        purpose: INVOICE_PAYMENT_PURPOSE,
        userId: input.userId,
        invoiceId: input.invoiceId,
      };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          locale: input.language,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amount,
                product_data: {
                  name: `${catalogue(input.language).document.invoice} ${input.invoiceNumber}`,
                  description: input.payee,
                },
              },
            },
          ],
          ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
          client_reference_id: input.invoiceId,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata,
          payment_intent_data: { metadata, description: `Invoice ${input.invoiceNumber}` },
        },
        { ...on(input.accountId), idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new AppError('unavailable', 'No checkout URL received');
      return { id: session.id, url: session.url };
    },
    async paymentOfSession(accountId, sessionId) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId, {}, on(accountId));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
      const intentId = idOf(session.payment_intent);
      return intentId ? payment(accountId, intentId) : null;
    },
    payment,
    async refund(accountId, paymentId) {
      await stripe.refunds.create(
        { payment_intent: paymentId, metadata: { purpose: INVOICE_PAYMENT_PURPOSE } },
        { ...on(accountId), idempotencyKey: `remit-refund-${paymentId}` },
      );
    },
  };
}
