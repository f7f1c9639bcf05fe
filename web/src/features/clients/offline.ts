import { isServerUnreachable } from '../../api/errors';
import { enqueue } from '../../db/outbox';

/**
 * A client or item command that could not reach the server (offline, or the server down) goes to the signed-in
 * account's outbox with the key it was sent with, and is applied once when the connection returns (issue 29,
 * item 5). An edit keeps the version it was made from: if the client changed meanwhile, the outbox shows the 409.
 */
export const OFFLINE_SAVED =
  'You are offline: saved on this device, and sent when the connection returns (see the outbox).';

export async function queueIfOffline(
  error: unknown,
  command: {
    method: 'POST' | 'PUT' | 'DELETE';
    path: string;
    body?: unknown;
    idempotencyKey: string;
    label: string;
  },
): Promise<boolean> {
  if (!isServerUnreachable(error)) return false;
  await enqueue(command);
  return true;
}
