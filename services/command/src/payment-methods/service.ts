import { randomUUID } from 'node:crypto';
import {
  type InvoiceContent,
  type PaymentMethod,
  type PaymentMethodEvent,
  type PaymentMethodForm,
  paymentMethodListStreamId,
  paymentMethodMessages,
  paymentMethodStreamId,
} from '@remit/contracts';
import { ConcurrencyError, type EventMetadata, type EventStore, type StreamWrite } from '@remit/eventstore';
import { AppError } from '@remit/kit';
import {
  decidePaymentMethods,
  evolvePaymentMethods,
  initialPaymentMethodsState,
  type PaymentMethodCommand,
  type PaymentMethodsState,
  toPaymentMethodView,
} from './decider.js';

export interface PaymentMethodResult {
  paymentMethod: PaymentMethod;
  /** Of the last event written, or (nothing changed) of the last event the answer rests on. */
  position: bigint | null;
}

interface Loaded {
  state: PaymentMethodsState;
  /** Each method stream's version, for the expected version of the next append. */
  versions: Map<string, number>;
  lastPosition: bigint | null;
}

const MAX_RETRIES = 5;

export function createPaymentMethodService(deps: { store: EventStore; now: () => Date }) {
  const { store } = deps;

  /** The user's methods: the ids from `user-payment-methods-{userId}`, each stream read, merged in log order. */
  async function load(userId: string): Promise<Loaded> {
    const registered = await store.readStream(paymentMethodListStreamId(userId));
    const ids = [
      ...new Set(registered.map((event) => (event.data as { paymentMethodId: string }).paymentMethodId)),
    ];
    const streams = await Promise.all(ids.map((id) => store.readStream(paymentMethodStreamId(id))));
    const versions = new Map<string, number>();
    ids.forEach((id, index) => {
      versions.set(id, streams[index]?.at(-1)?.version ?? 0);
    });
    const events = streams
      .flat()
      .filter((event) => (event.data as { userId?: string }).userId === userId)
      .sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
    const state = events.reduce(
      (folded, event) => evolvePaymentMethods(folded, event as unknown as PaymentMethodEvent),
      initialPaymentMethodsState,
    );
    return { state, versions, lastPosition: events.at(-1)?.position ?? null };
  }

  async function run(command: PaymentMethodCommand, metadata: EventMetadata): Promise<PaymentMethodResult> {
    const { userId, paymentMethodId } = command.data;
    for (let attempt = 0; ; attempt++) {
      const { state, versions, lastPosition } = await load(userId);
      const events = decidePaymentMethods(state, command);
      const after = events.reduce(evolvePaymentMethods, state);
      if (events.length === 0) {
        return { paymentMethod: toPaymentMethodView(after, paymentMethodId), position: lastPosition };
      }
      const stamped = { ...metadata, at: deps.now().toISOString() };
      const byStream = new Map<string, PaymentMethodEvent[]>();
      for (const event of events) {
        const id = event.data.paymentMethodId;
        byStream.set(id, [...(byStream.get(id) ?? []), event]);
      }
      const writes: StreamWrite[] = [...byStream].map(([id, streamEvents]) => {
        const version = versions.get(id) ?? 0;
        return {
          streamId: paymentMethodStreamId(id),
          events: streamEvents.map((event) => ({ ...event, metadata: stamped })),
          expectedVersion: version === 0 ? 'no_stream' : version,
        };
      });
      if (command.type === 'AddPaymentMethod') {
        writes.push({
          streamId: paymentMethodListStreamId(userId),
          events: [{ type: 'PaymentMethodRegistered', data: { paymentMethodId, userId }, metadata: stamped }],
          expectedVersion: 'any',
        });
      }
      try {
        const { position } = await store.appendMany(writes);
        return { paymentMethod: toPaymentMethodView(after, paymentMethodId), position };
      } catch (error) {
        if (!(error instanceof ConcurrencyError) || attempt >= MAX_RETRIES) throw error;
      }
    }
  }

  return {
    add(userId: string, form: PaymentMethodForm, metadata: EventMetadata) {
      return run(
        { type: 'AddPaymentMethod', data: { paymentMethodId: randomUUID(), userId, form } },
        metadata,
      );
    },
    update(userId: string, paymentMethodId: string, form: PaymentMethodForm, metadata: EventMetadata) {
      return run({ type: 'UpdatePaymentMethod', data: { paymentMethodId, userId, form } }, metadata);
    },
    toggle(userId: string, paymentMethodId: string, metadata: EventMetadata) {
      return run({ type: 'TogglePaymentMethod', data: { paymentMethodId, userId } }, metadata);
    },

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
      const { state } = await load(userId);
      const method = state.methods.get(paymentMethodId);
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
      const present = (value: string) => (value ? value : undefined);
      const snapshot = {
        id: method.id,
        name: details.name,
        type: details.type,
        bankName: present(details.bankName),
        iban: present(details.iban),
        swift: present(details.swift),
        accountNumber: present(details.accountNumber),
        paymentLink: present(details.paymentLink),
        instructions: present(details.instructions),
      };
      return Object.fromEntries(
        Object.entries(snapshot).filter(([, value]) => value !== undefined),
      ) as NonNullable<InvoiceContent['paymentMethod']>;
    },
  };
}

export type PaymentMethodService = ReturnType<typeof createPaymentMethodService>;
