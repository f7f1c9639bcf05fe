import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { invalidateAfter } from '../../api/invalidation';
import { useToast } from '../toasts/ToastProvider';
import { flushOutbox } from './outbox';

/** While signed in: send what waits in the outbox at start and whenever the connection returns. */
export function useOutboxSync(enabled: boolean): void {
  const queryClient = useQueryClient();
  const toast = useToast();
  useEffect(() => {
    if (!enabled) return;
    const flush = () => {
      if (!navigator.onLine) return;
      void flushOutbox((record) => toast(`Invoice ${record.label} sent`, { tone: 'success' })).then(
        (count) => {
          if (count > 0) void invalidateAfter(queryClient, 'invoices');
        },
      );
    };
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [enabled, queryClient, toast]);
}
