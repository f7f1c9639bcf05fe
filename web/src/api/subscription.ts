import { subscriptionCheckSchema } from '@remit/contracts';
import { request } from './client';

export async function checkSubscription(signal?: AbortSignal): Promise<boolean> {
  const answer = await request('GET', '/check-subscription', { schema: subscriptionCheckSchema, signal });
  return answer.subscribed;
}
