import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { invalidateEverything } from '../../api/invalidation';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { currentUserId } from '../../db/account';
import { db, removeAccountData } from '../../db/database';
import { stopCaching } from '../../db/persistQueries';
import { clearSentCommands } from '../invoices/outbox';
import { ProfileCard } from '../profile/parts';
import { useToast } from '../toasts/ToastProvider';

const Text = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  margin-bottom: ${({ theme }) => theme.space.sm};
`;

/**
 * 'Remove my data from this device' (issue 13): the signed-in account's drafts, queued commands and
 * cached answers leave this browser's IndexedDB, and no answer is cached again until the account signs
 * in here again (stopCaching); the account itself and what the server has are kept.
 */
export function DeviceDataCard() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    const userId = currentUserId();
    if (!userId) return;
    setBusy(true);
    try {
      // The writer stops first: an answer arriving meanwhile must not put back what is removed.
      await stopCaching(userId);
      await removeAccountData(db, userId);
      clearSentCommands();
      toast('Your data was removed from this device.', { tone: 'success' });
    } catch {
      toast('Your data could not be removed from this device. Please try again.', { tone: 'error' });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
    // What is on screen now comes from the server again, not from the removed copy.
    void invalidateEverything(queryClient);
  };
  return (
    <ProfileCard title="This device" titleId="device-data-title">
      <Text>
        Drafts, invoices waiting to be sent and the copy that lets the app work offline are kept in this
        browser for your account only. After removing them, this browser keeps no copy of your data until you
        sign in here again.
      </Text>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        Remove my data from this device
      </Button>
      {confirming && (
        <Modal
          title="Remove your data from this device?"
          onClose={() => setConfirming(false)}
          footer={
            <>
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button variant="danger" busy={busy} onClick={() => void remove()}>
                Remove
              </Button>
            </>
          }
        >
          <p>
            Your drafts and any invoice or change not sent yet are deleted from this browser, along with the
            offline copy of your data. Nothing on the server changes.
          </p>
        </Modal>
      )}
    </ProfileCard>
  );
}
