import { z } from 'zod';

/**
 * The customer page (issue 14, item 5): the owner's share link of an invoice. `url` is the link
 * (`{APP_URL}/i/{token}`) in the answer that made it, and null when a link was already active: only the
 * token's hash is kept, so an active link cannot be shown again (stop sharing and share for a new one).
 */
export const shareAnswerSchema = z.object({
  invoiceId: z.string(),
  shareId: z.string().nullable(),
  active: z.boolean(),
  url: z.string().nullable(),
});
export type ShareAnswer = z.infer<typeof shareAnswerSchema>;
