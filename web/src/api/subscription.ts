import { request } from './client';

/** Asked on every signed-in start: its schema loads with the answer (answers.ts). */
export async function checkSubscription(signal?: AbortSignal): Promise<boolean> {
  const answer = await request('GET', '/check-subscription', {
    schema: () => import('./answers').then((schemas) => schemas.subscriptionCheckSchema),
    signal,
  });
  return answer.subscribed;
}
