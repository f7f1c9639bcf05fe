// zod/mini: every signed-in start asks for the session and the subscription before the dashboard's
// first screen is drawn, and the contracts' schemas (classic zod, auth.ts and billing-api.ts) would
// bring zod's full API with them.
import type { SubscriptionCheck, User } from '@remit/contracts';
import { z } from 'zod/mini';

/**
 * `GET /auth/status` and `GET /check-subscription`'s answers, the same rules as the contracts'
 * `authStatusSchema` and `subscriptionCheckSchema` written in zod/mini: the type checks below fail to
 * compile if they stop describing the same answers, and api/sessionAnswers.test.ts parses the same
 * answers with both.
 */
export const authStatusSchema = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    createdAt: z.string(),
  }),
});

export const subscriptionCheckSchema = z.object({ subscribed: z.boolean() });

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const sameStatus: Same<z.infer<typeof authStatusSchema>, { user: User }> = true;
const sameCheck: Same<z.infer<typeof subscriptionCheckSchema>, SubscriptionCheck> = true;
void sameStatus;
void sameCheck;
