import { z } from 'zod';

/**
 * `GET /audit` → the tamper-evident log as its owner sees it (issue 32; docs/decisions.md D-250, D-255):
 * whether the chain verifies, its head, and the owner's own events in it. Positions are decimal strings
 * (64-bit).
 */
export const auditAnswerSchema = z.object({
  /** Whether the chain over the whole log verifies up to its head. */
  verified: z.boolean(),
  /** The last link of the chain: hash over every event up to `position`. */
  head: z
    .object({
      link: z.number().int(),
      position: z.string(),
      hash: z.string(),
      linkedAt: z.string(),
    })
    .nullable(),
  /** The owner's own events: how many are linked, how many are not yet, and the latest one's link. */
  yours: z.object({
    linked: z.number().int(),
    pending: z.number().int(),
    lastPosition: z.string().nullable(),
    lastHash: z.string().nullable(),
  }),
  /** The first event that does not match, when it is one of the owner's own (others' are not named). */
  broken: z
    .object({
      position: z.string(),
      streamId: z.string(),
      reason: z.enum(['changed', 'missing', 'moved', 'unchained']),
    })
    .nullable(),
  /** When the chain was started on this store (migration 0006). */
  startedAt: z.string().nullable(),
  /** When this verdict was computed (it is reused for up to a minute). */
  checkedAt: z.string(),
});
export type AuditAnswer = z.infer<typeof auditAnswerSchema>;
