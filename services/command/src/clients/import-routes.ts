import { randomUUID } from 'node:crypto';
import { clientImportSchema, clientStreamId, itemImportSchema, itemStreamId } from '@remit/contracts';
import { clientCommand, clientDecider, itemCommand, itemDecider } from '@remit/domain';
import { step } from '@remit/eventstore';
import { AppError, currentUserId, jsonField, multipartUpload, parseInput, requireAuth } from '@remit/kit';
import { Router } from 'express';
import { type Commands, sendAnswer } from '../commands.js';

/** An import of 10,000 rows of full client details fits; the JSON body limit of other commands does not. */
const upload = multipartUpload({
  file: 'none',
  maxBytes: 1,
  tooLarge: 'No file is expected',
  maxFieldBytes: 8 * 1024 * 1024,
});

/**
 * `POST /clients/import` and `POST /items/import` (D-187): every row becomes its own stream, all appended in one
 * transaction through the one pipeline (the first creation carries the others as its effects), so an import is
 * written whole or not at all, and a repeated request with the same Idempotency-Key is answered once.
 */
export function importRoutes(deps: { commands: Commands }): Router {
  const { commands } = deps;
  const router = Router();

  router.post('/clients/import', requireAuth, upload, async (req, res) => {
    const { clients } = parseInput(clientImportSchema, jsonField(req.body, 'import'));
    const userId = currentUserId(req);
    const creates = clients.map((details) => ({
      type: 'CreateClient' as const,
      data: { clientId: randomUUID(), userId, details },
    }));
    const [first, ...rest] = creates;
    // The schema asks for at least one row.
    if (!first) throw new AppError('validation', 'Nothing to import');
    const all = step({
      decider: clientDecider,
      streams: clientStreamId(first.data.clientId),
      newStream: true,
      command: first,
      effects: () => rest.map(clientCommand),
    });
    sendAnswer(
      res,
      await commands.answer(req, all, () => ({ status: 201, body: { imported: creates.length } })),
    );
  });

  router.post('/items/import', requireAuth, upload, async (req, res) => {
    const { items } = parseInput(itemImportSchema, jsonField(req.body, 'import'));
    const userId = currentUserId(req);
    const creates = items.map((details) => ({
      type: 'CreateItem' as const,
      data: { itemId: randomUUID(), userId, details },
    }));
    const [first, ...rest] = creates;
    // The schema asks for at least one row.
    if (!first) throw new AppError('validation', 'Nothing to import');
    const all = step({
      decider: itemDecider,
      streams: itemStreamId(first.data.itemId),
      newStream: true,
      command: first,
      effects: () => rest.map(itemCommand),
    });
    sendAnswer(
      res,
      await commands.answer(req, all, () => ({ status: 201, body: { imported: creates.length } })),
    );
  });

  return router;
}
