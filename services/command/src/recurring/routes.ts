import { randomUUID } from 'node:crypto';
import {
  dayIn,
  type RecurringEvent,
  type RecurringProfileRequest,
  recurringProfileSchema,
  recurringStreamId,
} from '@remit/contracts';
import { type RecurringCommand, type RecurringState, recurringDecider, recurringStep } from '@remit/domain';
import { type EventStore, foldEvents, type StepOutcome } from '@remit/eventstore';
import { AppError, currentUserId, eventCodec, parseInput, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { type Commands, sendAnswer } from '../commands.js';

/** The template as given, only its known keys (what the schema kept), so nothing else is stored forever. */
function templateOf(raw: unknown, parsed: RecurringProfileRequest): Record<string, unknown> {
  const given = (raw as { invoice?: Record<string, unknown> }).invoice ?? {};
  const kept = Object.keys(parsed.invoice).filter((key) => key !== 'draftId' && key !== 'status');
  return Object.fromEntries(kept.map((key) => [key, given[key]]));
}

const scheduleOf = (input: RecurringProfileRequest) => ({
  frequency: input.frequency,
  dayOfMonth: input.frequency === 'weekly' ? null : (input.dayOfMonth ?? null),
  startDate: input.startDate,
  endDate: input.endDate ?? null,
  count: input.count ?? null,
  timeZone: input.timeZone,
});

const answerOf =
  (status: number) =>
  ({ state }: StepOutcome<RecurringState, RecurringEvent>) => ({
    status,
    body: { id: state.profileId, paused: state.paused, deleted: state.deleted },
  });

/**
 * Recurring invoices (docs/api.md, "Recurring invoices"; issue 33): thin routes over the profile's decider. The
 * runs are the scheduler's (jobs.ts). A repeated request with its Idempotency-Key gives the first answer again.
 */
export function recurringRoutes(deps: { commands: Commands; store: EventStore; now: () => Date }): Router {
  const { commands, now } = deps;
  const router = Router();
  const idOf = (value: unknown) => {
    const id = String(value);
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new AppError('not_found', 'Recurring invoice not found');
    return id;
  };

  router.post('/recurring', requireAuth, async (req, res) => {
    const input = parseInput(recurringProfileSchema, req.body);
    const userId = currentUserId(req);
    const command = recurringStep(
      {
        type: 'CreateRecurringProfile',
        data: {
          profileId: randomUUID(),
          userId,
          invoice: templateOf(req.body, input),
          schedule: scheduleOf(input),
          mode: input.mode,
          missed: input.missed,
        },
      },
      { newStream: true },
    );
    sendAnswer(res, await commands.answer(req, command, answerOf(201)));
  });

  router.put('/recurring/:id', requireAuth, async (req, res) => {
    const input = parseInput(recurringProfileSchema, req.body);
    const userId = currentUserId(req);
    const command = recurringStep({
      type: 'UpdateRecurringProfile',
      data: {
        profileId: idOf(req.params.id),
        userId,
        invoice: templateOf(req.body, input),
        schedule: scheduleOf(input),
        mode: input.mode,
        missed: input.missed,
        on: dayIn(now(), input.timeZone),
      },
    });
    sendAnswer(res, await commands.answer(req, command, answerOf(200)));
  });

  router.delete('/recurring/:id', requireAuth, async (req, res) => {
    const command = recurringStep({
      type: 'DeleteRecurringProfile',
      data: { profileId: idOf(req.params.id), userId: currentUserId(req) },
    });
    sendAnswer(res, await commands.answer(req, command, answerOf(200)));
  });

  for (const action of ['pause', 'resume'] as const) {
    router.post(`/recurring/:id/${action}`, requireAuth, async (req, res) => {
      const profileId = idOf(req.params.id);
      const userId = currentUserId(req);
      // The owner's day in the profile's own time zone (read from its stream by the step's state).
      const make = (timeZone: string): RecurringCommand => ({
        type: action === 'pause' ? 'PauseRecurringProfile' : 'ResumeRecurringProfile',
        data: { profileId, userId, on: dayIn(now(), timeZone) },
      });
      const stream = await deps.store.readStream(recurringStreamId(profileId));
      const zone = foldEvents(recurringDecider, stream, eventCodec).schedule?.timeZone;
      sendAnswer(res, await commands.answer(req, recurringStep(make(zone ?? 'UTC')), answerOf(200)));
    });
  }

  return router;
}
