import { randomBytes } from 'node:crypto';
import {
  readEvent,
  type SandboxInvoiceCheckoutEvent,
  sandboxInvoiceCheckoutStreamId,
} from '@remit/contracts';
import { type Decider, type EventStore, step } from '@remit/eventstore';
import { AppError } from '@remit/kit';
import type { Commands } from '../commands.js';
import { type InvoicePaymentProvider, type ProviderPayment, SESSION_PLACEHOLDER } from './provider.js';

type Created = Extract<SandboxInvoiceCheckoutEvent, { type: 'SandboxInvoiceCheckoutCreated' }>['data'];

export interface SandboxInvoiceSession extends Created {
  paid: boolean;
  refunded: boolean;
  fee: number;
  /** When the Pay button was pressed (the event's time). */
  paidAt: Date | null;
}

type SandboxCommand =
  | { type: 'Create'; data: Created }
  | { type: 'Pay'; data: { sessionId: string; fee: number } }
  | { type: 'Refund'; data: { sessionId: string } };

interface SandboxState {
  created: boolean;
  paid: boolean;
  refunded: boolean;
}

const sandboxCheckoutDecider: Decider<SandboxState, SandboxCommand, SandboxInvoiceCheckoutEvent> = {
  name: 'sandbox-invoice-checkout',
  handles: ['SandboxInvoiceCheckoutCreated', 'SandboxInvoiceCheckoutPaid', 'SandboxInvoiceCheckoutRefunded'],
  initialState: { created: false, paid: false, refunded: false },
  evolve: (state, event) =>
    event.type === 'SandboxInvoiceCheckoutCreated'
      ? { ...state, created: true }
      : event.type === 'SandboxInvoiceCheckoutPaid'
        ? { ...state, paid: true }
        : { ...state, refunded: true },
  decide(state, command) {
    if (command.type === 'Create') {
      return state.created ? [] : [{ type: 'SandboxInvoiceCheckoutCreated', data: command.data }];
    }
    if (!state.created) throw new AppError('not_found', 'Checkout session not found');
    // Paid in two tabs of the same session, or refunded twice: the first stands.
    if (command.type === 'Pay') {
      return state.paid ? [] : [{ type: 'SandboxInvoiceCheckoutPaid', data: command.data }];
    }
    return state.refunded || !state.paid
      ? []
      : [{ type: 'SandboxInvoiceCheckoutRefunded', data: command.data }];
  },
};

const SESSION_ID = /^cs_sandbox_inv_([A-Za-z0-9]{32})$/;
const PAYMENT_ID = /^pi_sandbox_([A-Za-z0-9]{32})$/;
const token = () => randomBytes(24).toString('base64url').replace(/[-_]/g, '').slice(0, 32).padEnd(32, '0');

/** Stripe's standard European card pricing, 1.5 % (integer arithmetic, rounded half up) plus 25 units. */
export const sandboxFee = (amount: number) => Math.floor((amount * 15 + 500) / 1000) + 25;

export interface SandboxInvoicePayments extends InvoicePaymentProvider {
  session(sessionId: string): Promise<SandboxInvoiceSession | null>;
  /** The sandbox checkout page's Pay button. */
  pay(sessionId: string): Promise<SandboxInvoiceSession>;
  checkoutUrl(sessionId: string): string;
}

/**
 * The built-in stand-in for Stripe Checkout on a connected account (issue 31), when no Stripe key is
 * configured: the same shapes as billing's sandbox (its sessions are event streams of its own; its page
 * is Remit's, `GET /api/billing/sandbox/invoice-checkout/{id}`; it redirects to `success_url`). No money
 * moves; everything after the Pay button (the payment on the invoice, its fee, a refund) is real.
 */
export function createSandboxInvoicePayments(deps: {
  store: EventStore;
  commands: Commands;
  appUrl: string;
}): SandboxInvoicePayments {
  const { store, commands } = deps;
  const meta = { userId: null, client: 'system' as const };
  const run = (sessionId: string, command: SandboxCommand) =>
    commands.execute(
      step({ decider: sandboxCheckoutDecider, streams: sandboxInvoiceCheckoutStreamId(sessionId), command }),
      meta,
    );

  async function session(sessionId: string): Promise<SandboxInvoiceSession | null> {
    if (!SESSION_ID.test(sessionId)) return null;
    let found: SandboxInvoiceSession | null = null;
    for (const event of (await store.readStream(sandboxInvoiceCheckoutStreamId(sessionId))).map(readEvent)) {
      if (event.type === 'SandboxInvoiceCheckoutCreated') {
        found = { ...event.data, paid: false, refunded: false, fee: 0, paidAt: null };
      }
      const known: SandboxInvoiceSession | null = found;
      if (!known) continue;
      if (event.type === 'SandboxInvoiceCheckoutPaid') {
        found = { ...known, paid: true, fee: event.data.fee, paidAt: event.createdAt };
      }
      if (event.type === 'SandboxInvoiceCheckoutRefunded') found = { ...known, refunded: true };
    }
    return found;
  }

  function paymentOf(found: SandboxInvoiceSession): ProviderPayment | null {
    if (!found.paid) return null;
    return {
      paymentId: found.paymentIntentId,
      accountId: found.accountId,
      userId: found.userId,
      invoiceId: found.invoiceId,
      amount: found.amount,
      currency: found.currency,
      succeeded: true,
      refunded: found.refunded ? found.amount : 0,
      dispute: null,
      fee: found.fee,
      method: 'card',
      date: (found.paidAt ?? new Date()).toISOString().slice(0, 10),
    };
  }

  const sessionOfPayment = (paymentId: string) => {
    const match = PAYMENT_ID.exec(paymentId);
    return match ? `cs_sandbox_inv_${match[1]}` : null;
  };

  return {
    name: 'sandbox',
    mode: 'sandbox',
    async createAccount() {
      return { accountId: `acct_sandbox_${token()}`, accountType: 'sandbox' };
    },
    async onboardingUrl() {
      return null;
    },
    async retrieveAccount() {
      return { chargesEnabled: true, detailsSubmitted: true };
    },
    async createCheckout(input) {
      const id = token();
      const sessionId = `cs_sandbox_inv_${id}`;
      await run(sessionId, {
        type: 'Create',
        data: {
          sessionId,
          paymentIntentId: `pi_sandbox_${id}`,
          accountId: input.accountId,
          userId: input.userId,
          invoiceId: input.invoiceId,
          invoiceNumber: input.invoiceNumber,
          payee: input.payee,
          amount: input.amount,
          currency: input.currency,
          successUrl: input.successUrl.replace(SESSION_PLACEHOLDER, sessionId),
          cancelUrl: input.cancelUrl,
        },
      });
      return { id: sessionId, url: this.checkoutUrl(sessionId) };
    },
    checkoutUrl: (sessionId) => `${deps.appUrl}/api/billing/sandbox/invoice-checkout/${sessionId}`,
    session,
    async pay(sessionId) {
      const found = await session(sessionId);
      if (!found) throw new AppError('not_found', 'Checkout session not found');
      if (!found.paid)
        await run(sessionId, { type: 'Pay', data: { sessionId, fee: sandboxFee(found.amount) } });
      return (await session(sessionId)) ?? found;
    },
    async paymentOfSession(accountId, sessionId) {
      const found = await session(sessionId);
      return found && found.accountId === accountId ? paymentOf(found) : null;
    },
    async payment(accountId, paymentId) {
      const sessionId = sessionOfPayment(paymentId);
      const found = sessionId ? await session(sessionId) : null;
      return found && found.accountId === accountId ? paymentOf(found) : null;
    },
    async refund(_accountId, paymentId) {
      const sessionId = sessionOfPayment(paymentId);
      if (sessionId) await run(sessionId, { type: 'Refund', data: { sessionId } });
    },
  };
}
