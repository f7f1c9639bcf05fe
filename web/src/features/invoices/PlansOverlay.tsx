import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { PlanCards } from '../billing/PlanCards';
import { usePendingInvoiceId } from '../billing/pendingInvoice';

/** Opens after a non-subscriber generates an invoice (spec §4 After generation). */
export function PlansOverlay({ onClose }: { onClose: () => void }) {
  const invoiceId = usePendingInvoiceId();
  return (
    <Modal
      title="Your invoice is ready — choose a plan"
      wide
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <PlanCards invoiceId={invoiceId} />
    </Modal>
  );
}
