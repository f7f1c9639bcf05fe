import type { PublicInvoiceView } from '@remit/contracts';
import { useMutation } from '@tanstack/react-query';
import { startPublicCheckout } from '../../api/customer-page';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { formatAmount } from '../../lib/format';

/**
 * 'Pay {amount}' (issue 31): the balance due, paid on the provider's checkout (Stripe's, or the sandbox's
 * where no Stripe is configured) into the owner's own account. One press makes one checkout: the button is
 * busy until the browser leaves for it, and the server answers a repeat with the same session.
 */
export function PayOnline({ token, invoice }: { token: string; invoice: PublicInvoiceView }) {
  const checkout = useMutation({
    mutationFn: () => startPublicCheckout(token),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  return (
    <>
      <Button
        variant="primary"
        size="lg"
        block
        busy={checkout.isPending || checkout.isSuccess}
        onClick={() => checkout.mutate()}
      >
        Pay {formatAmount(invoice.balance, invoice.currency)}
      </Button>
      {checkout.isError && <Alert tone="error">{checkout.error.message}</Alert>}
    </>
  );
}
