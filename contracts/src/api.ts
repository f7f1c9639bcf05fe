import { z } from 'zod';

/** Every error answer of the API: a message, and for validation the first message per field. */
export const apiErrorSchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Read-your-writes (DESIGN §1): commands answer with it, queries send it back. */
export const POSITION_HEADER = 'X-Remit-Position';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
