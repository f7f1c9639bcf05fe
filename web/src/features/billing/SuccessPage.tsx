import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { icons, LineIcon } from '../../components/EmptyState';
import { Alert } from '../../components/ui/Alert';
import { ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { useConfirmation } from './useConfirmation';

const Box = styled(Card)`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  width: calc(100% - 2 * ${({ theme }) => theme.space.md});
  max-width: 520px;
  margin: ${({ theme }) => theme.space.xxl} auto;
  text-align: center;

  h1 { font-size: ${({ theme }) => theme.fontSizes.xl}; }
  > p { color: ${({ theme }) => theme.colors.muted}; }
`;

const Icon = styled.span<{ $tone: 'brand' | 'success' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 64px;
  height: 64px;
  border-radius: 50%;
  background: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.successSoft : theme.colors.brandSoft)};
  color: ${({ theme, $tone }) => ($tone === 'success' ? theme.colors.success : theme.colors.brand)};
`;

/** '/success' (spec §2 Success screen, §8): where the checkout sends the browser back to. */
export function SuccessPage() {
  const [params] = useSearchParams();
  const invoiceId = params.get('invoice_id');
  const confirmation = useConfirmation(params.get('session_id'), invoiceId);
  const forInvoice = Boolean(invoiceId);

  if (confirmation.state === 'confirming') {
    return (
      <Box role="status" aria-live="polite">
        <Icon $tone="brand" aria-hidden="true">
          <Spinner size={28} decorative />
        </Icon>
        <h1>{forInvoice ? 'Confirming your payment...' : 'Confirming your subscription...'}</h1>
      </Box>
    );
  }

  if (confirmation.state === 'confirmed') {
    const invoice = confirmation.kind === 'invoice';
    return (
      <Box>
        <Icon $tone="success" aria-hidden="true">
          <LineIcon d={icons.check} size={30} />
        </Icon>
        <h1>{invoice ? 'Payment Confirmed!' : 'Subscription Confirmed!'}</h1>
        <p>
          {invoice
            ? 'Your invoice is open: view and download it from your dashboard.'
            : 'Welcome to Remit Pro. Every invoice is open, with search and the grid view on your dashboard.'}
        </p>
        <ButtonLink to="/" size="lg">
          Go to Dashboard
        </ButtonLink>
      </Box>
    );
  }

  return (
    <Box>
      <h1>Payment not confirmed</h1>
      <Alert tone="error">
        {confirmation.state === 'invalid'
          ? 'Invalid URL parameters. Please try again or contact support.'
          : 'Failed to confirm payment. Please contact our support team for assistance.'}
      </Alert>
      <ButtonLink to="/" size="lg">
        Go to Dashboard
      </ButtonLink>
    </Box>
  );
}
