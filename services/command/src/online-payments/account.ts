import {
  type ConnectedAccountEvent,
  connectedAccountStreamId,
  type OnlinePaymentEvent,
  type OnlinePaymentState,
  onlinePaymentsStreamId,
} from '@remit/contracts';
import { type Decider, type EventStore, foldEvents, step } from '@remit/eventstore';
import { AppError, eventCodec } from '@remit/kit';

type Connected = Extract<OnlinePaymentEvent, { type: 'OnlinePaymentsConnected' }>['data'];

/** The owner's online payment account, as `online-payments-{userId}` has it. */
export interface OnlinePaymentsAccount {
  current: (Connected & { chargesEnabled: boolean; detailsSubmitted: boolean }) | null;
  /** Every account ever connected, newest last: a checkout on one disconnected since still lands. */
  accounts: string[];
}

export type OnlinePaymentsCommand =
  | { type: 'Connect'; data: Connected & { chargesEnabled: boolean; detailsSubmitted: boolean } }
  | {
      type: 'UpdateAccount';
      data: { userId: string; accountId: string; chargesEnabled: boolean; detailsSubmitted: boolean };
    }
  | { type: 'Disconnect'; data: { userId: string } };

export const stateOfAccount = (account: OnlinePaymentsAccount): OnlinePaymentState =>
  !account.current ? 'off' : account.current.chargesEnabled ? 'on' : 'pending';

export const onlinePaymentsDecider: Decider<
  OnlinePaymentsAccount,
  OnlinePaymentsCommand,
  OnlinePaymentEvent
> = {
  name: 'online-payments',
  handles: ['OnlinePaymentsConnected', 'OnlinePaymentsAccountUpdated', 'OnlinePaymentsDisconnected'],
  initialState: { current: null, accounts: [] },
  evolve(state, event) {
    switch (event.type) {
      case 'OnlinePaymentsConnected':
        return {
          current: { ...event.data, chargesEnabled: false, detailsSubmitted: false },
          accounts: [...state.accounts.filter((id) => id !== event.data.accountId), event.data.accountId],
        };
      case 'OnlinePaymentsAccountUpdated': {
        const { current } = state;
        if (!current || current.accountId !== event.data.accountId) return state;
        const { chargesEnabled, detailsSubmitted } = event.data;
        return { ...state, current: { ...current, chargesEnabled, detailsSubmitted } };
      }
      case 'OnlinePaymentsDisconnected':
        return { ...state, current: null };
    }
  },
  decide(state, command) {
    switch (command.type) {
      case 'Connect': {
        const { chargesEnabled, detailsSubmitted, ...data } = command.data;
        const { current } = state;
        if (current && current.accountId !== data.accountId) {
          throw new AppError('conflict', 'An account is connected already: disconnect it first', {
            reason: 'already_connected',
          });
        }
        const events: OnlinePaymentEvent[] = current ? [] : [{ type: 'OnlinePaymentsConnected', data }];
        const was = current ?? { chargesEnabled: false, detailsSubmitted: false };
        if (was.chargesEnabled !== chargesEnabled || was.detailsSubmitted !== detailsSubmitted) {
          events.push({
            type: 'OnlinePaymentsAccountUpdated',
            data: { userId: data.userId, accountId: data.accountId, chargesEnabled, detailsSubmitted },
          });
        }
        return events;
      }
      case 'UpdateAccount': {
        const { current } = state;
        if (!current || current.accountId !== command.data.accountId) return [];
        const same =
          current.chargesEnabled === command.data.chargesEnabled &&
          current.detailsSubmitted === command.data.detailsSubmitted;
        return same ? [] : [{ type: 'OnlinePaymentsAccountUpdated', data: command.data }];
      }
      case 'Disconnect': {
        if (!state.current) return [];
        const { accountId } = state.current;
        return [{ type: 'OnlinePaymentsDisconnected', data: { userId: command.data.userId, accountId } }];
      }
    }
  },
};

/** `connected-account-{provider}-{id}` → its owner, written once with the connection. */
const connectedAccountDecider: Decider<
  { userId: string | null },
  { type: 'Link'; data: ConnectedAccountEvent['data'] },
  ConnectedAccountEvent
> = {
  name: 'connected-account',
  handles: ['ConnectedAccountLinked'],
  initialState: { userId: null },
  evolve: (_state, event) => ({ userId: event.data.userId }),
  decide(state, { data }) {
    if (state.userId === data.userId) return [];
    if (state.userId !== null) {
      throw new AppError('conflict', 'This payment account belongs to another user', {
        reason: 'account_taken',
      });
    }
    return [{ type: 'ConnectedAccountLinked', data }];
  },
};

/** A command on the owner's account; a new connection is linked back to its owner in the same transaction. */
export const onOnlinePayments = (userId: string, command: OnlinePaymentsCommand) =>
  step({
    decider: onlinePaymentsDecider,
    streams: onlinePaymentsStreamId(userId),
    command,
    effects: (events) =>
      events.flatMap((event) =>
        event.type === 'OnlinePaymentsConnected'
          ? [
              step({
                decider: connectedAccountDecider,
                streams: connectedAccountStreamId(event.data.provider, event.data.accountId),
                command: {
                  type: 'Link',
                  data: { provider: event.data.provider, accountId: event.data.accountId, userId },
                },
              }),
            ]
          : [],
      ),
  });

/** The owner's account as its stream has it. */
export async function onlinePaymentsAccount(
  store: EventStore,
  userId: string,
): Promise<OnlinePaymentsAccount> {
  return foldEvents(
    onlinePaymentsDecider,
    await store.readStream(onlinePaymentsStreamId(userId)),
    eventCodec,
  );
}

/** The owner's account takes charges now: what the sent mail's 'Pay {amount}' needs. */
export async function takesOnlinePayments(store: EventStore, userId: string): Promise<boolean> {
  return stateOfAccount(await onlinePaymentsAccount(store, userId)) === 'on';
}
