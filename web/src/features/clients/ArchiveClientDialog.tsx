import type { Client } from '@remit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { archiveClient } from '../../api/clients';
import { useCommand } from '../../api/command';
import { errorMessage } from '../../api/errors';
import { invalidateAfter } from '../../api/invalidation';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { logError } from '../../lib/log';
import { useToast } from '../toasts/ToastProvider';
import { clientTitle } from './clientTitle';
import { OFFLINE_SAVED, queueIfOffline } from './offline';

/** Deleting a client archives it (D-183): its invoices keep the details they were issued with. */
export function ArchiveClientDialog({ client, onClose }: { client: Client; onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const remove = useCommand({
    send: async (id: string, key) => {
      try {
        return await archiveClient(id, key);
      } catch (error) {
        const label = `Delete client ${clientTitle(client)}`;
        const path = `/clients/${encodeURIComponent(id)}`;
        if (await queueIfOffline(error, { method: 'DELETE', path, idempotencyKey: key, label })) return null;
        throw error;
      }
    },
    onSuccess: async (answer) => {
      toast(answer ? 'Client deleted' : OFFLINE_SAVED, { tone: answer ? 'success' : 'info' });
      await invalidateAfter(queryClient, 'clients').catch((error) =>
        logError('clients reload failed', error),
      );
      onClose();
    },
  });
  return (
    <Modal
      title="Delete client"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            busy={remove.busy}
            disabled={remove.busy}
            onClick={() => remove.run(client.id)}
          >
            Delete client
          </Button>
        </>
      }
    >
      <p>
        Delete <strong>{clientTitle(client)}</strong> from your clients? Invoices already issued to them keep
        the details they were issued with; the client stays available under archived clients.
      </p>
      {remove.error && (
        <Alert tone="error">
          {errorMessage(remove.error, 'Failed to delete the client. Please try again.')}
        </Alert>
      )}
    </Modal>
  );
}
