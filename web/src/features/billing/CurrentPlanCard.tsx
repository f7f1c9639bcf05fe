import { billingOffMessage, isPaidUp, type SubscriptionView } from '@remit/contracts';
import { useState } from 'react';
import styled from 'styled-components';
import { cancelSubscription, resumeSubscription } from '../../api/billing';
import { useCommand } from '../../api/command';
import { Alert } from '../../components/ui/Alert';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { formatDate } from '../../lib/format';
import { useToast } from '../toasts/ToastProvider';
import { ConfirmDialog } from './ConfirmDialog';
import { profilePlanFeatures } from './plans';
import { Pill, StatusBadge } from './StatusBadge';
import { useBillingOff } from './useBillingOff';
import { useRefreshSubscribed } from './useRefreshSubscribed';

const Box = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};

  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; }
  p { color: ${({ theme }) => theme.colors.muted}; }
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  dt { color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; font-weight: ${({ theme }) => theme.fontWeights.medium}; }
`;

const Features = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  margin: 0;
  padding-left: 1.1rem;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

type Change = 'cancel' | 'resume';

/** Spec §5 Confirmations and §8 errors, word for word. */
const changes = {
  cancel: {
    button: 'Cancel Subscription',
    question:
      "Are you sure you want to cancel your subscription? You'll still have access until the end of your billing period.",
    dismiss: 'Keep Subscription',
    error: 'Failed to cancel subscription. Please try again.',
    run: cancelSubscription,
  },
  resume: {
    button: 'Resume Subscription',
    question: 'Are you sure you want to resume your subscription?',
    dismiss: 'Not Now',
    error: 'Failed to resume subscription. Please try again.',
    run: resumeSubscription,
  },
} as const;

interface CurrentPlanCardProps {
  subscription: SubscriptionView | null;
  /** The profile reloads (spec §4 Subscription). */
  onChanged: () => void;
}

/** The profile's 'Current Plan' card (spec §2 Profile, §4 Subscription). */
export function CurrentPlanCard(props: CurrentPlanCardProps) {
  const toast = useToast();
  const refreshSubscribed = useRefreshSubscribed();
  const [asking, setAsking] = useState<Change | null>(null);
  // The answer shows at once; the reloaded profile replaces it when it arrives.
  const [answered, setAnswered] = useState<{
    after: SubscriptionView | null;
    view: SubscriptionView | null;
  }>();
  const subscription = answered && answered.after === props.subscription ? answered.view : props.subscription;

  const change = useCommand({
    send: (kind: Change, key) => changes[kind].run(key),
    onSuccess: (answer) => {
      setAnswered({ after: props.subscription, view: answer.subscription });
      setAsking(null);
      refreshSubscribed();
      props.onChanged();
    },
    onError: (_error, kind) => {
      setAsking(null);
      toast(changes[kind].error, { tone: 'error' });
    },
  });

  const billingOff = useBillingOff();

  if (billingOff) {
    return (
      <Box aria-labelledby="current-plan-title">
        <h2 id="current-plan-title">Current Plan</h2>
        <Badges>
          <Pill $tone="brand">Pro</Pill>
        </Badges>
        <p>{billingOffMessage}</p>
      </Box>
    );
  }
  if (!subscription || subscription.Status === '') {
    return (
      <Box aria-labelledby="current-plan-title">
        <h2 id="current-plan-title">Current Plan</h2>
        <div>
          <h3>No Subscription</h3>
          <p>Get started by subscribing to a plan.</p>
        </div>
        <ButtonLink to="/subscription">View Plans</ButtonLink>
      </Box>
    );
  }

  const offered: Change | null = isPaidUp(subscription.Status)
    ? subscription.CancelAtPeriodEnd
      ? 'resume'
      : 'cancel'
    : null;
  const failed = change.error && change.variables ? changes[change.variables].error : null;

  return (
    <Box aria-labelledby="current-plan-title">
      <h2 id="current-plan-title">Current Plan</h2>
      <Badges>
        <Pill $tone="brand">{subscription.PlanName}</Pill>
        <StatusBadge status={subscription.Status} />
      </Badges>
      <Facts>
        {subscription.BillingCycle && (
          <>
            <dt>Billing cycle</dt>
            <dd>{subscription.BillingCycle === 'yearly' ? 'Yearly' : 'Monthly'}</dd>
          </>
        )}
        {subscription.TrialEnd && (
          <>
            <dt>Trial ends</dt>
            <dd>{formatDate(subscription.TrialEnd)}</dd>
          </>
        )}
        {subscription.CurrentPeriodEnd && (
          <>
            <dt>{subscription.CancelAtPeriodEnd ? 'Access until' : 'Current period ends'}</dt>
            <dd>{formatDate(subscription.CurrentPeriodEnd)}</dd>
          </>
        )}
      </Facts>
      <Features aria-label="Plan features">
        {profilePlanFeatures[subscription.PlanName].map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </Features>
      {failed && <Alert tone="error">{failed}</Alert>}
      {offered ? (
        <Button variant={offered === 'cancel' ? 'danger' : 'primary'} onClick={() => setAsking(offered)}>
          {changes[offered].button}
        </Button>
      ) : (
        <ButtonLink to="/subscription">View Plans</ButtonLink>
      )}
      {asking && (
        <ConfirmDialog
          title={changes[asking].button}
          message={changes[asking].question}
          confirmLabel={changes[asking].button}
          dismissLabel={changes[asking].dismiss}
          busy={change.busy}
          onConfirm={() => change.run(asking)}
          onDismiss={() => setAsking(null)}
        />
      )}
    </Box>
  );
}
