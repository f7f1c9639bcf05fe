import { connectedAccountStreamId, invoiceStreamId, readEvent } from '@remit/contracts';
import { balanceOf, type InvoiceState, invoiceDecider } from '@remit/domain';
import { type EventMetadata, type EventStore, foldEvents, step } from '@remit/eventstore';
import { AppError, eventCodec, type Logger } from '@remit/kit';
import type { Commands } from '../commands.js';
import type { InvoicePaymentProvider, ProviderPayment } from './provider.js';

export type SettleOutcome = 'recorded' | 'unchanged' | 'pending' | 'refunded' | 'ignored';

export async function loadInvoice(store: EventStore, invoiceId: string): Promise<InvoiceState> {
  return foldEvents(invoiceDecider, await store.readStream(invoiceStreamId(invoiceId)), eventCodec);
}

/** The owner a provider's account was linked to once (D-300), even after a disconnect; null when none. */
export async function ownerOfAccount(
  store: EventStore,
  provider: InvoicePaymentProvider,
  accountId: string,
): Promise<string | null> {
  const [linked] = (await store.readStream(connectedAccountStreamId(provider.name, accountId))).map(
    readEvent,
  );
  return linked?.type === 'ConnectedAccountLinked' ? linked.data.userId : null;
}

/** Why the invoice cannot take this payment as it is; null when it can. */
function problemOf(state: InvoiceState, payment: ProviderPayment): 'gone' | 'currency' | 'overpaid' | null {
  if (!state.exists || state.deleted || !state.content || state.userId !== payment.userId) return 'gone';
  if (state.content.currency !== payment.currency) return 'currency';
  if (state.collection.voided || payment.amount > balanceOf(state.content, state.collection))
    return 'overpaid';
  return null;
}

/**
 * Records a payment as the provider has it now (D-301): safe to call any number of times, in any order. The
 * invoice's decider records it once by its PaymentIntent id and brings its reversals to what the provider
 * says (refunded in part or in full, disputed, a dispute won). A payment the invoice cannot take is refunded
 * at the provider first: past the balance it is recorded with its reversal; another currency or a deleted
 * invoice is not recorded.
 */
export function createSettle(deps: {
  store: EventStore;
  commands: Commands;
  provider: InvoicePaymentProvider;
  logger: Logger;
}) {
  const { store, commands, provider, logger } = deps;
  return async function settle(
    payment: ProviderPayment,
    metadata: EventMetadata,
  ): Promise<{ outcome: SettleOutcome; position: bigint | null }> {
    if (!payment.succeeded) return { outcome: 'pending', position: null };
    const owner = await ownerOfAccount(store, provider, payment.accountId);
    const { userId, invoiceId } = payment;
    // A payment on a connected account counts for that account's owner only, whatever its metadata says.
    if (!owner || !userId || !invoiceId || owner !== userId) {
      logger.warn(
        { paymentId: payment.paymentId, accountId: payment.accountId },
        'online payment of no invoice of the account owner',
      );
      return { outcome: 'ignored', position: null };
    }
    for (let attempt = 0; attempt < 3; attempt++) {
      const state = await loadInvoice(store, invoiceId);
      let overpaid = false;
      // Refunded in full or disputed at the provider already: nothing is left to give back.
      const givenBack =
        payment.refunded >= payment.amount || (payment.dispute !== null && payment.dispute.status !== 'won');
      const problem = state.collection.recorded[payment.paymentId] ? null : problemOf(state, payment);
      if (problem && problem !== 'overpaid' && givenBack) return { outcome: 'ignored', position: null };
      if (problem && !givenBack) {
        await provider.refund(payment.accountId, payment.paymentId);
        if (problem !== 'overpaid') {
          logger.warn({ paymentId: payment.paymentId, invoiceId, problem }, 'online payment refunded');
          return { outcome: 'refunded', position: null };
        }
        overpaid = true;
      }
      if (state.deleted || !state.exists) return { outcome: 'ignored', position: null };
      try {
        const result = await commands.execute(
          step({
            decider: invoiceDecider,
            streams: invoiceStreamId(invoiceId),
            command: {
              type: 'RecordOnlinePayment',
              data: {
                invoiceId,
                userId,
                paymentId: payment.paymentId,
                amount: payment.amount,
                currency: payment.currency,
                date: payment.date,
                method: payment.method,
                reference: payment.paymentId,
                note: '',
                source: provider.name,
                fee: payment.fee,
                refunded: payment.refunded,
                dispute: payment.dispute,
                overpaid,
              },
            },
          }),
          { ...metadata, userId },
        );
        return { outcome: result.events.length > 0 ? 'recorded' : 'unchanged', position: result.position };
      } catch (error) {
        // Another payment took the balance between the read and the decision: read again (and refund).
        const reason = error instanceof AppError ? error.reason : undefined;
        if (reason !== 'overpayment' && reason !== 'currency_mismatch') throw error;
      }
    }
    throw new AppError('conflict', 'The payment could not be recorded; it will be retried');
  };
}

export type Settle = ReturnType<typeof createSettle>;
