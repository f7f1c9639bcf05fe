import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  dismissLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}

/** Spec §5 Confirmations: asks before a subscription change; stays open while it runs. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  dismissLabel,
  busy,
  onConfirm,
  onDismiss,
}: ConfirmDialogProps) {
  const dismiss = () => {
    if (!busy) onDismiss();
  };
  return (
    <Modal
      title={title}
      onClose={dismiss}
      footer={
        <>
          <Button variant="secondary" onClick={dismiss} disabled={busy}>
            {dismissLabel}
          </Button>
          <Button onClick={onConfirm} busy={busy} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}
