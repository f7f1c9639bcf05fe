import { saveServerDraft } from '../../api/drafts';
import { isServerUnreachable } from '../../api/errors';
import { db } from '../../db/database';
import { enqueue, retryOutboxNow } from '../../db/outbox';
import { type DraftData, saveDraft } from './generate';

/**
 * 'Save as draft' (issue 27, item 2): the form goes to the server, where every device lists it, made on the version
 * it was opened at (another device's later save is refused with its message, never overwritten unseen). Offline, or
 * with the server out of reach, it waits in the account's outbox with the same key and version, and this device's
 * copy stays until the server took it (then the outbox removes it): an offline draft becomes the server's.
 */
export async function saveDraftToServer(
  draftId: string,
  data: DraftData,
  idempotencyKey: string,
): Promise<{ queued: boolean; version: number | undefined }> {
  await saveDraft(draftId, data);
  const { form, serverVersion } = data;
  const queue = async () => {
    await enqueue({
      method: 'PUT',
      path: `/drafts/${encodeURIComponent(draftId)}`,
      body: { form, ...(serverVersion === undefined ? {} : { version: serverVersion }) },
      idempotencyKey,
      label: `Draft ${[form.invoiceNumber, form.customerName].filter(Boolean).join(' for ')}`.trim(),
      draftId,
    });
    retryOutboxNow();
    return { queued: true, version: serverVersion };
  };
  if (!navigator.onLine) return queue();
  try {
    const answer = await saveServerDraft(draftId, form, serverVersion, idempotencyKey);
    await db.drafts.delete(draftId).catch(() => {});
    return { queued: false, version: answer.version };
  } catch (error) {
    if (isServerUnreachable(error)) return queue();
    throw error;
  }
}
