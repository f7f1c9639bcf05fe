import {
  type Client,
  type ClientDetails,
  type ClientEvent,
  clientMessages,
  clientStreamId,
  sameValue,
} from '@remit/contracts';
import { type Decider, type Recorded, step } from '@remit/eventstore';
import { AppError, unreachable } from '@remit/kit';

/** One client as its stream `client-{id}` tells it; `version` is the stream's, the editor's token (D-182). */
export interface ClientState {
  exists: boolean;
  userId: string;
  details: ClientDetails | null;
  archived: boolean;
  version: number;
}

const initialClientState: ClientState = {
  exists: false,
  userId: '',
  details: null,
  archived: false,
  version: 0,
};

function evolveClient(state: ClientState, event: Recorded<ClientEvent>): ClientState {
  const version = event.version;
  switch (event.type) {
    case 'ClientCreated':
    case 'ClientChanged': {
      const { clientId: _id, userId, ...details } = event.data;
      return { ...state, exists: true, userId, details, version };
    }
    case 'ClientArchived':
      return { ...state, archived: true, version };
    default:
      return unreachable(event);
  }
}

export type ClientCommand =
  | { type: 'CreateClient'; data: { clientId: string; userId: string; details: ClientDetails } }
  | {
      type: 'ChangeClient';
      data: { clientId: string; userId: string; details: ClientDetails; expectedVersion: number };
    }
  | { type: 'ArchiveClient'; data: { clientId: string; userId: string } };

const notFound = () => new AppError('not_found', clientMessages.notFound);

/**
 * Pure. Another user's client is "not found". An edit names the stream version it started from: if the client
 * moved on since (another tab saved first), it is refused with 409 rather than silently overwriting (D-182).
 * An unchanged edit writes nothing; deleting an archived client again changes nothing.
 */
function decideClient(state: ClientState, command: ClientCommand): ClientEvent[] {
  const { clientId, userId } = command.data;
  if (command.type === 'CreateClient') {
    if (state.exists) throw new AppError('conflict', 'This client was already created');
    return [{ type: 'ClientCreated', data: { clientId, userId, ...command.data.details } }];
  }
  if (!state.exists || state.userId !== userId) throw notFound();
  switch (command.type) {
    case 'ChangeClient': {
      if (state.archived) throw new AppError('conflict', clientMessages.archived, { reason: 'archived' });
      if (state.version !== command.data.expectedVersion) {
        throw new AppError('conflict', clientMessages.changedElsewhere, { reason: 'changed_elsewhere' });
      }
      if (sameValue(state.details, command.data.details)) return [];
      return [{ type: 'ClientChanged', data: { clientId, userId, ...command.data.details } }];
    }
    case 'ArchiveClient':
      return state.archived ? [] : [{ type: 'ClientArchived', data: { clientId, userId } }];
    default:
      return unreachable(command);
  }
}

export const clientDecider: Decider<ClientState, ClientCommand, ClientEvent> = {
  name: 'client',
  handles: ['ClientCreated', 'ClientChanged', 'ClientArchived'],
  initialState: initialClientState,
  evolve: evolveClient,
  decide: decideClient,
};

export const clientCommand = (command: ClientCommand) =>
  step({
    decider: clientDecider,
    streams: clientStreamId(command.data.clientId),
    newStream: command.type === 'CreateClient',
    command,
  });

/** The client as the API answers it. */
export function toClientView(state: ClientState, clientId: string): Client {
  if (!state.details) throw notFound();
  return { id: clientId, version: state.version, archived: state.archived, ...state.details };
}
