import { settingsStreamId, settingsUpdateSchema } from '@remit/contracts';
import { type EventStore, handleCommand } from '@remit/eventstore';
import { currentUserId, parseInput, requireAuth, sendCommandResult } from '@remit/kit';
import { type RequestHandler, Router } from 'express';
import { commandMetadata } from '../metadata.js';
import { decideSettings, evolveSettings, initialSettingsState } from './decider.js';

/** `PUT /settings`: company details, default currency and DefaultDueDays, as the user's own events. */
export function settingsRoutes(deps: {
  store: EventStore;
  idempotent: RequestHandler;
  now: () => Date;
}): Router {
  const router = Router();
  router.put('/settings', requireAuth, deps.idempotent, async (req, res) => {
    const update = parseInput(settingsUpdateSchema, req.body);
    const userId = currentUserId(req);
    const result = await handleCommand({
      store: deps.store,
      streamId: settingsStreamId(userId),
      initialState: initialSettingsState,
      evolve: evolveSettings,
      decide: decideSettings,
      command: { type: 'ChangeSettings', data: { userId, update } },
      metadata: commandMetadata(req),
      now: deps.now,
    });
    const current = result.state.current;
    const settings = {
      Name: current?.name ?? update.Name ?? '',
      DefaultDueDays: update.DefaultDueDays,
      Settings: { ...update.Settings, LogoURL: null },
    };
    sendCommandResult(res, 200, { settings }, result.position);
  });
  return router;
}
