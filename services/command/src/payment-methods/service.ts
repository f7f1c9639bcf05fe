import { randomUUID } from 'node:crypto';
import {
  type InvoiceContent,
  type PaymentMethod,
  type PaymentMethodForm,
  paymentMethodMessages,
} from '@remit/contracts';
import { type EventStore, foldEvents, type StepOutcome } from '@remit/eventstore';
import { AppError, eventCodec } from '@remit/kit';
import {
  type PaymentMethodsEvent,
  type PaymentMethodsState,
  paymentMethodCommand,
  paymentMethodsDecider,
  paymentMethodsOf,
  toPaymentMethodView,
} from './decider.js';

/** The answer of a payment method command: the method as the command left it. */
export const paymentMethodAnswer =
  (status: number, paymentMethodId: string) =>
  ({ state }: StepOutcome<PaymentMethodsState, PaymentMethodsEvent>) => ({
    status,
    body: { paymentMethod: toPaymentMethodView(state, paymentMethodId) satisfies PaymentMethod },
  });

export function createPaymentMethodService(deps: { store: EventStore }) {
  const { store } = deps;

  /** The user's methods: their list stream, then every method's stream, folded in log order. */
  async function load(userId: string): Promise<PaymentMethodsState> {
    const aggregate = paymentMethodsOf(userId);
    const streamIds = await aggregate.streams((id) => store.readStream(id));
    const history = [...(await store.readStreams(streamIds)).values()]
      .flat()
      .sort((a, b) => (a.position < b.position ? -1 : 1));
    return foldEvents(paymentMethodsDecider, history, eventCodec);
  }

  return {
    add(userId: string, form: PaymentMethodForm) {
      const paymentMethodId = randomUUID();
      return {
        paymentMethodId,
        step: paymentMethodCommand({ type: 'AddPaymentMethod', data: { paymentMethodId, userId, form } }),
      };
    },
    update: (userId: string, paymentMethodId: string, form: PaymentMethodForm) =>
      paymentMethodCommand({ type: 'UpdatePaymentMethod', data: { paymentMethodId, userId, form } }),
    toggle: (userId: string, paymentMethodId: string) =>
      paymentMethodCommand({ type: 'TogglePaymentMethod', data: { paymentMethodId, userId } }),
    /**
     * The snapshot an invoice keeps of the method chosen on it (`InvoiceIssued.paymentMethod`). An unknown,
     * foreign or disabled method is refused with `fields.paymentMethodId`; `keep` is the invoice's current
     * snapshot, which a revision may keep even after its method was disabled.
     */
    async snapshot(
      userId: string,
      paymentMethodId: string | null | undefined,
      keep: InvoiceContent['paymentMethod'] = null,
    ): Promise<InvoiceContent['paymentMethod']> {
      if (!paymentMethodId) return null;
      const method = (await load(userId)).methods.get(paymentMethodId);
      if (!method) {
        throw new AppError('validation', paymentMethodMessages.unknownOnInvoice, {
          fields: { paymentMethodId: paymentMethodMessages.unknownOnInvoice },
        });
      }
      if (!method.active) {
        if (keep?.id === paymentMethodId) return keep;
        throw new AppError('validation', paymentMethodMessages.disabledOnInvoice, {
          fields: { paymentMethodId: paymentMethodMessages.disabledOnInvoice },
        });
      }
      const { details } = method;
      const present = (value: string) => (value ? { value } : null);
      const optional = {
        bankName: present(details.bankName),
        iban: present(details.iban),
        swift: present(details.swift),
        accountNumber: present(details.accountNumber),
        paymentLink: present(details.paymentLink),
        instructions: present(details.instructions),
      };
      return {
        id: method.id,
        name: details.name,
        type: details.type,
        ...Object.fromEntries(
          Object.entries(optional).flatMap(([key, found]) => (found ? [[key, found.value]] : [])),
        ),
      };
    },
  };
}

export type PaymentMethodService = ReturnType<typeof createPaymentMethodService>;
