import { request } from './client';
import { subscriptionCheckSchema } from './sessionAnswers';

/** Asked on every signed-in start: its schema is zod/mini (sessionAnswers.ts). */
export async function checkSubscription(signal?: AbortSignal): Promise<boolean> {
  const answer = await request('GET', '/check-subscription', {
    schema: subscriptionCheckSchema,
    signal,
  });
  return answer.subscribed;
}
