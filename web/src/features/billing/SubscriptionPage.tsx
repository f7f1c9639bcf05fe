import { isPaidUp } from '@remit/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { subscriptionViewQuery } from '../../api/billing';
import { Alert } from '../../components/ui/Alert';
import { PageSpinner } from '../../components/ui/Spinner';
import { Page } from '../../layout/Page';
import { useAuth } from '../auth/AuthProvider';
import { PlanCards } from './PlanCards';
import { usePendingInvoiceId } from './pendingInvoice';
import { planCopy, planOfSubscription } from './plans';
import { useBillingOff } from './useBillingOff';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

/** '/subscription' (spec §2 Plans screen): the three plans, or a subscriber's own plan. */
export function SubscriptionPage() {
  const { subscribed } = useAuth();
  const invoiceId = usePendingInvoiceId();
  const billingOff = useBillingOff();
  const current = useQuery({ ...subscriptionViewQuery, enabled: subscribed });
  if (subscribed && current.isPending) return <PageSpinner label="Loading your plan..." />;

  const subscription = current.data?.subscription;
  const currentPlan =
    subscribed && subscription && isPaidUp(subscription.Status) ? planOfSubscription(subscription) : null;
  return (
    <Page title="Plans" description="Pay per invoice, or subscribe for unlimited invoices.">
      <Stack>
        {subscribed && !billingOff && (
          <Alert tone="success">
            <strong>
              You are subscribed{currentPlan ? ` to ${planCopy[currentPlan].name}` : ' to Remit Pro'}.
            </strong>
            <span>
              Every invoice is open. Manage your plan on your <Link to="/profile">profile</Link>.
            </span>
          </Alert>
        )}
        <PlanCards invoiceId={invoiceId} subscribed={subscribed} currentPlan={currentPlan} />
      </Stack>
    </Page>
  );
}
