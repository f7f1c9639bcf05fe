import {
  type PaymentMethod,
  type PaymentMethodDetails,
  type PaymentMethodEvent,
  type PaymentMethodForm,
  type PaymentMethodListEvent,
  paymentMethodListStreamId,
  paymentMethodMessages,
  paymentMethodStreamId,
  readEvent,
  sameValue,
} from '@remit/contracts';
import { type Decider, step } from '@remit/eventstore';
import { AppError, unreachable } from '@remit/kit';

/**
 * A user's payment methods as their events describe them: the events of every `payment-method-{id}` stream
 * of the user, folded in log order. One decider for the whole set, because one rule spans them: exactly one
 * default per user, and it is an active method whenever the user has one.
 */
export interface MethodState {
  id: string;
  userId: string;
  details: PaymentMethodDetails;
  active: boolean;
}

export interface PaymentMethodsState {
  /** In the order they were added (oldest first). */
  methods: Map<string, MethodState>;
  defaultId: string | null;
}

const initialPaymentMethodsState: PaymentMethodsState = { methods: new Map(), defaultId: null };

/** The events of a user's payment method streams and of their list (`user-payment-methods-{userId}`). */
export type PaymentMethodsEvent = PaymentMethodEvent | PaymentMethodListEvent;

function evolvePaymentMethods(state: PaymentMethodsState, event: PaymentMethodsEvent): PaymentMethodsState {
  if (event.type === 'PaymentMethodRegistered') return state;
  const { paymentMethodId: id } = event.data;
  const methods = new Map(state.methods);
  const current = methods.get(id);
  switch (event.type) {
    case 'PaymentMethodAdded': {
      const { paymentMethodId: _id, userId, ...details } = event.data;
      methods.set(id, { id, userId, details, active: true });
      return { ...state, methods };
    }
    case 'PaymentMethodUpdated': {
      const { paymentMethodId: _id, userId: _user, ...details } = event.data;
      if (current) methods.set(id, { ...current, details });
      return { ...state, methods };
    }
    case 'PaymentMethodEnabled':
    case 'PaymentMethodDisabled':
      if (current) methods.set(id, { ...current, active: event.type === 'PaymentMethodEnabled' });
      return { ...state, methods };
    case 'PaymentMethodMadeDefault':
      return { ...state, defaultId: id };
    default:
      return unreachable(event);
  }
}

export type PaymentMethodCommand =
  | { type: 'AddPaymentMethod'; data: { paymentMethodId: string; userId: string; form: PaymentMethodForm } }
  | {
      type: 'UpdatePaymentMethod';
      data: { paymentMethodId: string; userId: string; form: PaymentMethodForm };
    }
  | { type: 'TogglePaymentMethod'; data: { paymentMethodId: string; userId: string } };

const paymentMethodNotFound = () => new AppError('not_found', paymentMethodMessages.notFound);

const disabledDefault = () =>
  new AppError('validation', paymentMethodMessages.disabledDefault, {
    fields: { isDefault: paymentMethodMessages.disabledDefault },
  });

function detailsOf(form: PaymentMethodForm): PaymentMethodDetails {
  return {
    name: form.name,
    type: form.type,
    bankName: form.bankName,
    accountNumber: form.accountNumber,
    iban: form.iban,
    swift: form.swift,
    paymentLink: form.paymentLink,
    instructions: form.instructions,
  };
}

/**
 * Pure: the events a command causes. Another user's method is "not found". Making one method the default
 * takes the flag from the previous one. After every command the default is repaired: when there is none,
 * or it is disabled, while an active method exists, the default passes to the method the command was about
 * (if active), else to the oldest active one. Un-ticking `isDefault` on the default does nothing: the way to
 * move the flag is to make another method the default.
 */
function decidePaymentMethods(
  state: PaymentMethodsState,
  command: PaymentMethodCommand,
): PaymentMethodsEvent[] {
  const { paymentMethodId, userId } = command.data;
  const events: PaymentMethodEvent[] = [];
  const existing = state.methods.get(paymentMethodId);
  switch (command.type) {
    case 'AddPaymentMethod': {
      if (existing) throw new AppError('conflict', 'This payment method was already added');
      const { form } = command.data;
      events.push({ type: 'PaymentMethodAdded', data: { paymentMethodId, userId, ...detailsOf(form) } });
      if (form.isDefault && state.defaultId !== paymentMethodId) {
        events.push(madeDefault(paymentMethodId, userId, state.defaultId));
      }
      break;
    }
    case 'UpdatePaymentMethod': {
      if (!existing || existing.userId !== userId) throw paymentMethodNotFound();
      const { form } = command.data;
      const details = detailsOf(form);
      if (!sameValue(details, existing.details)) {
        events.push({ type: 'PaymentMethodUpdated', data: { paymentMethodId, userId, ...details } });
      }
      if (form.isDefault && state.defaultId !== paymentMethodId) {
        if (!existing.active) throw disabledDefault();
        events.push(madeDefault(paymentMethodId, userId, state.defaultId));
      }
      break;
    }
    case 'TogglePaymentMethod': {
      if (!existing || existing.userId !== userId) throw paymentMethodNotFound();
      events.push({
        type: existing.active ? 'PaymentMethodDisabled' : 'PaymentMethodEnabled',
        data: { paymentMethodId, userId },
      });
      break;
    }
    default:
      return unreachable(command);
  }
  const decided = [
    ...events,
    ...repairDefault(events.reduce(evolvePaymentMethods, state), paymentMethodId, userId),
  ];
  // A new method joins the user's list in the same transaction: the list is how its stream is found.
  const registered: PaymentMethodsEvent[] =
    command.type === 'AddPaymentMethod'
      ? [{ type: 'PaymentMethodRegistered', data: { paymentMethodId, userId } }]
      : [];
  return [...decided, ...registered];
}

function madeDefault(
  paymentMethodId: string,
  userId: string,
  previousDefaultId: string | null,
): PaymentMethodEvent {
  return { type: 'PaymentMethodMadeDefault', data: { paymentMethodId, userId, previousDefaultId } };
}

export const paymentMethodsDecider: Decider<PaymentMethodsState, PaymentMethodCommand, PaymentMethodsEvent> =
  {
    name: 'payment-methods',
    handles: [
      'PaymentMethodAdded',
      'PaymentMethodUpdated',
      'PaymentMethodEnabled',
      'PaymentMethodDisabled',
      'PaymentMethodMadeDefault',
      'PaymentMethodRegistered',
    ],
    initialState: initialPaymentMethodsState,
    evolve: evolvePaymentMethods,
    decide: decidePaymentMethods,
  };

/**
 * A user's methods as one aggregate: their list stream names each method's stream; the events of all of
 * them are folded in log order (one rule spans them: exactly one default).
 */
export function paymentMethodsOf(userId: string) {
  const list = paymentMethodListStreamId(userId);
  return {
    decider: paymentMethodsDecider,
    streams: async (read: (streamId: string) => Promise<{ type: string; data: unknown }[]>) => {
      const ids = new Set<string>();
      for (const event of (await read(list)).map(readEvent)) {
        if (event.type === 'PaymentMethodRegistered') ids.add(event.data.paymentMethodId);
      }
      return [list, ...[...ids].map(paymentMethodStreamId)];
    },
    streamOf: (event: PaymentMethodsEvent) =>
      event.type === 'PaymentMethodRegistered' ? list : paymentMethodStreamId(event.data.paymentMethodId),
  };
}

export const paymentMethodCommand = (command: PaymentMethodCommand) =>
  step({ ...paymentMethodsOf(command.data.userId), command });

function repairDefault(
  state: PaymentMethodsState,
  preferredId: string,
  userId: string,
): PaymentMethodEvent[] {
  const current = state.defaultId ? state.methods.get(state.defaultId) : undefined;
  if (current?.active) return [];
  const preferred = state.methods.get(preferredId);
  const next = preferred?.active ? preferred : [...state.methods.values()].find((method) => method.active);
  if (!next) return [];
  return [madeDefault(next.id, userId, state.defaultId)];
}

/** A method as the API answers it. */
export function toPaymentMethodView(state: PaymentMethodsState, id: string): PaymentMethod {
  const method = state.methods.get(id);
  if (!method) throw paymentMethodNotFound();
  const { details } = method;
  return {
    ID: method.id,
    Name: details.name,
    Type: details.type,
    IsDefault: state.defaultId === method.id,
    IsActive: method.active,
    BankName: details.bankName,
    AccountNumber: details.accountNumber,
    IBAN: details.iban,
    SWIFT: details.swift,
    PaymentLink: details.paymentLink,
    Instructions: details.instructions,
  };
}
