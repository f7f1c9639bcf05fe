import { billingOffMessage, type PlanId, planIds } from '@remit/contracts';
import styled, { css } from 'styled-components';
import { Alert } from '../../components/ui/Alert';
import { Button, ButtonLink } from '../../components/ui/Button';
import { media } from '../../theme/theme';
import { planCopy } from './plans';
import { Pill } from './StatusBadge';
import { useBillingOff } from './useBillingOff';
import { useCheckout } from './useCheckout';

const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  ${media.sm} { grid-template-columns: repeat(3, 1fr); }
`;

const Plan = styled.li<{ $featured: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  ${({ $featured, theme }) =>
    $featured &&
    css`
      border-color: ${theme.colors.brand};
      box-shadow: ${theme.shadows.md}, 0 0 0 1px ${theme.colors.brand};
    `}

  h3 { font-size: ${({ theme }) => theme.fontSizes.md}; }
`;

// Side by side, an empty row keeps the three prices level; stacked, it would only leave a gap.
const Tags = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  &:empty { display: none; }
  ${media.sm} { min-height: 22px; &:empty { display: flex; } }
`;

const Price = styled.p`
  display: flex;
  flex-direction: column;
  strong { font-size: ${({ theme }) => theme.fontSizes.xxl}; line-height: ${({ theme }) => theme.lineHeights.tight}; }
  span { font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.muted}; }
`;

const Features = styled.ul`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  margin: ${({ theme }) => theme.space.xs} 0;
  padding-left: 1.1rem;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

const Note = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

interface PlanCardsProps {
  /** The invoice a one-time purchase would open (the one the wizard just generated), if any. */
  invoiceId: string | null;
  /** A subscriber sees their plan marked instead of buy buttons. */
  subscribed?: boolean;
  currentPlan?: PlanId | null;
}

/** Spec §9's three plans, each starting its checkout (spec §2 Plans screen, §8). */
export function PlanCards({ invoiceId, subscribed = false, currentPlan = null }: PlanCardsProps) {
  const checkout = useCheckout('plans');
  if (useBillingOff()) return <Alert tone="info">{billingOffMessage}</Alert>;

  const action = (plan: PlanId) => {
    if (plan === currentPlan) return <Note>This is your current plan.</Note>;
    if (subscribed) {
      return (
        <Note>{plan === 'per-invoice' ? 'Every invoice is open with your plan.' : 'Included in Pro.'}</Note>
      );
    }
    if (plan === 'per-invoice' && !invoiceId) {
      return (
        <>
          <Note>To pay for one invoice, use 'Pay Now' on that invoice on the dashboard.</Note>
          <ButtonLink to="/" variant="secondary" block>
            Go to Dashboard
          </ButtonLink>
        </>
      );
    }
    const starting = checkout.starting?.plan === plan;
    return (
      <Button
        block
        variant={plan === 'pro-monthly' ? 'primary' : 'secondary'}
        busy={starting}
        disabled={checkout.starting !== undefined}
        onClick={() =>
          checkout.start({ plan, invoiceId: plan === 'per-invoice' ? (invoiceId ?? '') : undefined })
        }
      >
        {planCopy[plan].cta}
      </Button>
    );
  };

  return (
    <Wrap>
      {checkout.error && <Alert tone="error">{checkout.error}</Alert>}
      <Grid aria-label="Plans">
        {planIds.map((plan) => {
          const copy = planCopy[plan];
          return (
            <Plan
              key={plan}
              $featured={plan === (currentPlan ?? 'pro-monthly')}
              aria-labelledby={`plan-${plan}`}
            >
              <Tags>
                {copy.badge && <Pill $tone={plan === 'pro-yearly' ? 'success' : 'brand'}>{copy.badge}</Pill>}
                {plan === currentPlan && <Pill $tone="success">Your plan</Pill>}
              </Tags>
              <h3 id={`plan-${plan}`}>{copy.name}</h3>
              <Price>
                <strong>{copy.price}</strong>
                <span>{copy.period}</span>
              </Price>
              <Features aria-label={`${copy.name} features`}>
                {copy.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </Features>
              {action(plan)}
            </Plan>
          );
        })}
      </Grid>
    </Wrap>
  );
}
