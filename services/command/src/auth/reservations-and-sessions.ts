import {
  authMessages,
  googleStreamId,
  type ReservationEvent,
  type SessionEvent,
  sessionStreamId,
  type UserSessionsEvent,
  userSessionsStreamId,
} from '@remit/contracts';
import { type Decider, step } from '@remit/eventstore';
import { AppError, unreachable } from '@remit/kit';
import { emailStreamId } from './tokens.js';

/**
 * Reservations (`email-{hash}`, `google-{subject}`): appended with the account's events, so two requests
 * racing for one address or Google account produce exactly one account.
 */
type Reserve = {
  type: 'Reserve';
  data: { userId: string; email: string } | { userId: string; subject: string };
};

const reservationDecider = (
  name: string,
  taken: () => AppError,
): Decider<{ userId: string | null }, Reserve, ReservationEvent> => ({
  name,
  handles: ['EmailReserved', 'GoogleAccountReserved'],
  initialState: { userId: null },
  evolve: (_state, event) => ({ userId: event.data.userId }),
  decide(state, { data }) {
    if (state.userId !== null) throw taken();
    return 'email' in data ? [{ type: 'EmailReserved', data }] : [{ type: 'GoogleAccountReserved', data }];
  },
});

const emailTaken = () => new AppError('conflict', authMessages.emailTaken, { reason: 'email_taken' });
const emailReservation = reservationDecider('email-reservation', emailTaken);
const googleReservation = reservationDecider(
  'google-reservation',
  () => new AppError('conflict', authMessages.googleFailed, { reason: 'google_account_taken' }),
);

export const reserveEmail = (userId: string, email: string) =>
  step({
    decider: emailReservation,
    streams: emailStreamId(email),
    command: { type: 'Reserve', data: { userId, email } },
    metadata: { userId },
  });

export const reserveGoogleAccount = (userId: string, subject: string) =>
  step({
    decider: googleReservation,
    streams: googleStreamId(subject),
    command: { type: 'Reserve', data: { userId, subject } },
    metadata: { userId },
  });

/** A session (`session-{id}`): started once, ended once; the JWT carries its id (DESIGN §4). */
export interface SessionState {
  started: Extract<SessionEvent, { type: 'SessionStarted' }>['data'] | null;
  ended: boolean;
}

type SessionCommand =
  | { type: 'StartSession'; data: Extract<SessionEvent, { type: 'SessionStarted' }>['data'] }
  | { type: 'EndSession'; data: { sessionId: string; userId: string } };

const sessionDecider: Decider<SessionState, SessionCommand, SessionEvent> = {
  name: 'session',
  handles: ['SessionStarted', 'SessionEnded'],
  initialState: { started: null, ended: false },
  evolve: (state, event) =>
    event.type === 'SessionStarted' ? { ...state, started: event.data } : { ...state, ended: true },
  decide(state, command) {
    switch (command.type) {
      case 'StartSession':
        if (state.started) throw new AppError('conflict', 'This session was already started');
        return [{ type: 'SessionStarted', data: command.data }];
      case 'EndSession':
        if (!state.started || state.ended || state.started.userId !== command.data.userId) return [];
        return [{ type: 'SessionEnded', data: { ...command.data, reason: 'signed_out' } }];
      default:
        return unreachable(command);
    }
  },
};

export const startSession = (data: Extract<SessionCommand, { type: 'StartSession' }>['data']) =>
  step({
    decider: sessionDecider,
    streams: sessionStreamId(data.sessionId),
    command: { type: 'StartSession', data },
    metadata: { userId: data.userId },
  });

type EndSessions = { type: 'EndSessions'; data: UserSessionsEvent['data'] };

/** `user-sessions-{userId}`: ending every session of a user at once, but one (DESIGN §4, issue 12). */
const userSessionsDecider: Decider<{ ended: number }, EndSessions, UserSessionsEvent> = {
  name: 'user-sessions',
  handles: ['SessionsEnded'],
  initialState: { ended: 0 },
  evolve: (state) => ({ ended: state.ended + 1 }),
  decide: (_state, command) => [{ type: 'SessionsEnded', data: command.data }],
};

/** Ends every session of the user that started before now, but `exceptSessionId`'s (the one asking). */
export const endOtherSessions = (
  userId: string,
  exceptSessionId: string | null,
  reason: UserSessionsEvent['data']['reason'],
) =>
  step({
    decider: userSessionsDecider,
    streams: userSessionsStreamId(userId),
    command: { type: 'EndSessions', data: { userId, exceptSessionId, reason } },
    metadata: { userId },
  });

export const endSession = (sessionId: string, userId: string) =>
  step({
    decider: sessionDecider,
    streams: sessionStreamId(sessionId),
    command: { type: 'EndSession', data: { sessionId, userId } },
  });
