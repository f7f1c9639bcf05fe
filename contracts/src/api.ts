// zod/mini: every screen's API client parses error answers with it (see auth-public.ts).
import { z } from 'zod/mini';

/** Every error answer of the API: a message, and for validation the first message per field. */
export const apiErrorSchema = z.object({
  error: z.string(),
  code: z.optional(z.string()),
  fields: z.optional(z.record(z.string(), z.string())),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Read-your-writes (DESIGN §1): commands answer with it, queries send it back. */
export const POSITION_HEADER = 'X-Remit-Position';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
