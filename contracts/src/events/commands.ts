import { z } from 'zod';
import { type EventOf, eventType } from './define.js';

/**
 * Bookkeeping of idempotent commands as the log held it until 2026-11 (stream
 * `command-{sha256(user, key)}`). Answers now live in the `command_answers` table beside the log
 * (docs/decisions.md, Idempotency); these types stay readable because old logs contain them. No
 * projection reads them and nothing writes them any more.
 */
export const legacyCommandEvents = {
  CommandReceived: eventType(z.object({ fingerprint: z.string(), method: z.string(), path: z.string() })),
  CommandAnswered: eventType(z.object({ status: z.number().int(), body: z.unknown() })),
  CommandAbandoned: eventType(z.object({ status: z.number().int() })),
} as const;

export type LegacyCommandEvent = EventOf<typeof legacyCommandEvents>;
