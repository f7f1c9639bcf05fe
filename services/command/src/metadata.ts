import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '@remit/contracts';
import type { EventMetadata } from '@remit/eventstore';
import type { Request } from 'express';

/** Who and what caused the events of a request (DESIGN §3), stamped on every event it appends. */
export function commandMetadata(req: Request): EventMetadata {
  return {
    userId: req.auth?.userId ?? null,
    commandId: req.get(IDEMPOTENCY_HEADER) ?? randomUUID(),
    causationId: req.requestId,
    client: 'web',
  };
}
