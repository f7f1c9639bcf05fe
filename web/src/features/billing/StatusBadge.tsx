import type { SubscriptionView } from '@remit/contracts';
import styled from 'styled-components';

type Tone = 'success' | 'warning' | 'danger' | 'neutral';

/** Spec §4 Subscription: active green, trialing yellow, canceled red, none grey. */
const statuses: Record<SubscriptionView['Status'], { label: string; tone: Tone }> = {
  active: { label: 'Active', tone: 'success' },
  trialing: { label: 'Trialing', tone: 'warning' },
  past_due: { label: 'Past due', tone: 'warning' },
  unpaid: { label: 'Unpaid', tone: 'danger' },
  incomplete: { label: 'Incomplete', tone: 'neutral' },
  canceled: { label: 'Canceled', tone: 'danger' },
  '': { label: 'None', tone: 'neutral' },
};

export const Pill = styled.span<{ $tone: Tone | 'brand' }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  background: ${({ theme, $tone }) =>
    ({
      brand: theme.colors.brandSoft,
      success: theme.colors.successSoft,
      warning: theme.colors.warningSoft,
      danger: theme.colors.dangerSoft,
      neutral: theme.colors.surfaceSunken,
    })[$tone]};
  color: ${({ theme, $tone }) =>
    ({
      brand: theme.colors.brandText,
      success: theme.colors.success,
      warning: theme.colors.warning,
      danger: theme.colors.danger,
      neutral: theme.colors.muted,
    })[$tone]};
`;

export function StatusBadge({ status }: { status: SubscriptionView['Status'] }) {
  const { label, tone } = statuses[status] ?? statuses[''];
  return (
    <Pill $tone={tone} data-tone={tone}>
      {label}
    </Pill>
  );
}
