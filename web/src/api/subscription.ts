import { z } from 'zod';
import { request } from './client';

const subscriptionCheckSchema = z.object({ subscribed: z.boolean() });

export async function checkSubscription(signal?: AbortSignal): Promise<boolean> {
  const answer = await request('GET', '/check-subscription', { schema: subscriptionCheckSchema, signal });
  return answer.subscribed;
}
