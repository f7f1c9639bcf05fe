import {
  type Item,
  type ItemDetails,
  type ItemEvent,
  itemMessages,
  itemStreamId,
  sameValue,
  toDecimalString,
} from '@remit/contracts';
import { type Decider, type Recorded, step } from '@remit/eventstore';
import { AppError, unreachable } from '@remit/kit';

/** One catalogue item as its stream `item-{id}` tells it; `version` is the stream's (D-182). */
export interface ItemState {
  exists: boolean;
  userId: string;
  details: ItemDetails | null;
  deleted: boolean;
  version: number;
}

const initialItemState: ItemState = {
  exists: false,
  userId: '',
  details: null,
  deleted: false,
  version: 0,
};

function evolveItem(state: ItemState, event: Recorded<ItemEvent>): ItemState {
  const version = event.version;
  switch (event.type) {
    case 'ItemCreated':
    case 'ItemChanged': {
      const { itemId: _id, userId, ...details } = event.data;
      return { ...state, exists: true, userId, details, version };
    }
    case 'ItemDeleted':
      return { ...state, deleted: true, version };
    default:
      return unreachable(event);
  }
}

export type ItemCommand =
  | { type: 'CreateItem'; data: { itemId: string; userId: string; details: ItemDetails } }
  | {
      type: 'ChangeItem';
      data: { itemId: string; userId: string; details: ItemDetails; expectedVersion: number };
    }
  | { type: 'DeleteItem'; data: { itemId: string; userId: string } };

const notFound = () => new AppError('not_found', itemMessages.notFound);

/**
 * Pure. Another user's item is "not found". An edit names the stream version it started from: if the item
 * moved on since (another tab saved first), it is refused with 409 rather than silently overwriting (D-182).
 * An unchanged edit writes nothing; deleting a deleted item again changes nothing.
 */
function decideItem(state: ItemState, command: ItemCommand): ItemEvent[] {
  const { itemId, userId } = command.data;
  if (command.type === 'CreateItem') {
    if (state.exists) throw new AppError('conflict', 'This item was already created');
    return [{ type: 'ItemCreated', data: { itemId, userId, ...command.data.details } }];
  }
  if (!state.exists || state.userId !== userId) throw notFound();
  switch (command.type) {
    case 'ChangeItem': {
      if (state.deleted) throw new AppError('conflict', itemMessages.archived, { reason: 'deleted' });
      if (state.version !== command.data.expectedVersion) {
        throw new AppError('conflict', itemMessages.changedElsewhere, { reason: 'changed_elsewhere' });
      }
      if (sameValue(state.details, command.data.details)) return [];
      return [{ type: 'ItemChanged', data: { itemId, userId, ...command.data.details } }];
    }
    case 'DeleteItem':
      return state.deleted ? [] : [{ type: 'ItemDeleted', data: { itemId, userId } }];
    default:
      return unreachable(command);
  }
}

export const itemDecider: Decider<ItemState, ItemCommand, ItemEvent> = {
  name: 'item',
  handles: ['ItemCreated', 'ItemChanged', 'ItemDeleted'],
  initialState: initialItemState,
  evolve: evolveItem,
  decide: decideItem,
};

export const itemCommand = (command: ItemCommand) =>
  step({
    decider: itemDecider,
    streams: itemStreamId(command.data.itemId),
    newStream: command.type === 'CreateItem',
    command,
  });

/** The item as the API answers it. */
export function toItemView(state: ItemState, itemId: string): Item {
  if (!state.details) throw notFound();
  const { priceMinor, currency } = state.details;
  return {
    id: itemId,
    version: state.version,
    ...state.details,
    price: toDecimalString({ amount: priceMinor, currency }),
  };
}
