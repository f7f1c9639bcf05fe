import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { describeUnsentWork, type UnsentWork, unsentCount } from '../../db/unsentWork';

/**
 * Asked at Logout when this account has unsent work on this device (issue 13): keep it for the next
 * time the same account signs in here, or discard it. Nobody else who signs in sees or sends it.
 */
export function LogoutDialog({
  work,
  onChoose,
  onCancel,
}: {
  work: UnsentWork;
  onChoose: (choice: 'keep' | 'discard') => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      title="Unsent work on this device"
      onClose={onCancel}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="secondary" onClick={() => onChoose('discard')}>
            Discard and log out
          </Button>
          <Button onClick={() => onChoose('keep')}>Keep and log out</Button>
        </>
      }
    >
      <p>
        {describeUnsentWork(work)} {unsentCount(work) === 1 ? 'has' : 'have'} not reached the server yet. Keep
        them on this device to send them the next time you sign in here, or discard them. Whoever signs in
        next on this device will not see them, and nothing else of your account stays here.
      </p>
    </Modal>
  );
}
