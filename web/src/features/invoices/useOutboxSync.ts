import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateAfter } from '../../api/invalidation';
import { onUserChange } from '../../db/account';
import { db } from '../../db/database';
import { type FlushResult, flushOutbox, RETRY_EVENT } from '../../db/outbox';
import { useToast } from '../toasts/ToastProvider';
import type { DraftData } from './generate';
import { recordSent } from './outbox';

/** A refused invoice's reason goes onto its draft, so the wizard reopens with it on the field. */
async function markRefusedDrafts(result: FlushResult): Promise<void> {
  for (const command of result.refused) {
    if (!command.draftId) continue;
    const draft = await db.drafts.get(command.draftId);
    if (!draft) continue;
    const data = draft.data as DraftData;
    await db.drafts.put({
      ...draft,
      data: { ...data, refusal: command.lastError, serverErrors: command.fieldErrors ?? {} },
    });
  }
}

let retryTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * While signed in: send what waits in this account's outbox at start, whenever the connection returns,
 * and again after the backoff while the server is unreachable with the browser online.
 */
export function useOutboxSync(enabled: boolean): void {
  const queryClient = useQueryClient();
  const toast = useToast();
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const flush = (force = false) => {
      if (!navigator.onLine || stopped) return;
      clearTimeout(retryTimer);
      void flushOutbox({
        force,
        onSent: ({ command }) => {
          if (command.draftId) void db.drafts.delete(command.draftId).catch(() => {});
          recordSent({
            idempotencyKey: command.idempotencyKey,
            label: command.label,
            outcome: command.format === 'invoice-multipart' ? 'issued' : 'saved',
            at: Date.now(),
          });
          toast(`${command.label} sent`, { tone: 'success' });
        },
      }).then(async (result) => {
        await markRefusedDrafts(result);
        for (const refused of result.refused) toast(`${refused.label} was refused: ${refused.lastError}`);
        if (result.sent.length > 0)
          void invalidateAfter(queryClient, 'invoices', 'paymentMethods', 'clients', 'items');
        if (result.retryAt !== null && !stopped) {
          retryTimer = setTimeout(() => flush(), Math.max(0, result.retryAt - Date.now()));
        }
      });
    };
    flush();
    const onOnline = () => flush(true);
    const onRetry = () => flush(true);
    window.addEventListener('online', onOnline);
    window.addEventListener(RETRY_EVENT, onRetry);
    const offUser = onUserChange(() => flush());
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      offUser();
      window.removeEventListener('online', onOnline);
      window.removeEventListener(RETRY_EVENT, onRetry);
    };
  }, [enabled, queryClient, toast]);
}
