import styled from 'styled-components';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Badge } from '../../components/ui/Card';
import { Modal } from '../../components/ui/Modal';
import { media } from '../../theme/theme';

/** Spec §9 prices in euros; the billing issue wires checkout to these. */
export const plans = [
  {
    id: 'per-invoice',
    name: 'Pay per invoice',
    price: '€3.99',
    period: 'one-time',
    badge: null,
    features: ['Single invoice generation'],
  },
  {
    id: 'monthly',
    name: 'Pro Monthly',
    price: '€9.99',
    period: 'per month',
    badge: 'Most Popular',
    features: [
      'Unlimited invoices',
      'Complete history',
      '10+ premium templates',
      'Email support',
      'Statistics and revenue overview',
    ],
  },
  {
    id: 'yearly',
    name: 'Pro Yearly',
    price: `€${(83.99 / 12).toFixed(2)}`,
    period: 'per month, billed €83.99 yearly',
    badge: 'Save 30%',
    features: ['All monthly features', '30% discount', 'Priority email support'],
  },
] as const;

const Grid = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  ${media.sm} { grid-template-columns: repeat(3, 1fr); }
  > li { display: flex; flex-direction: column; gap: ${({ theme }) => theme.space.xxs}; padding: ${({ theme }) => theme.space.md}; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.md}; }
  > li > span { align-self: flex-start; }
  h3 { font-size: ${({ theme }) => theme.fontSizes.md}; }
  p { font-size: ${({ theme }) => theme.fontSizes.xl}; font-weight: ${({ theme }) => theme.fontWeights.bold}; }
  small { color: ${({ theme }) => theme.colors.muted}; }
  ul { margin-top: ${({ theme }) => theme.space.xs}; padding-left: 1.1rem; font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.muted}; }
`;

/** Opens after a non-subscriber generates an invoice (spec §4 After generation). */
export function PlansOverlay({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      title="Your invoice is ready — choose a plan"
      wide
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <ButtonLink to="/subscription">Upgrade</ButtonLink>
        </>
      }
    >
      <Grid>
        {plans.map((plan) => (
          <li key={plan.id}>
            {plan.badge && <Badge $tone="brand">{plan.badge}</Badge>}
            <h3>{plan.name}</h3>
            <p>{plan.price}</p>
            <small>{plan.period}</small>
            <ul>
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          </li>
        ))}
      </Grid>
    </Modal>
  );
}
