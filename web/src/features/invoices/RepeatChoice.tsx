import styled from 'styled-components';
import type { Wizard } from './useWizard';

const Choice = styled.div`
  margin-top: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  label { display: flex; gap: ${({ theme }) => theme.space.xs}; align-items: center; min-height: 32px; font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
  input { width: 18px; height: 18px; margin: 0; accent-color: ${({ theme }) => theme.colors.brand}; }
  p { margin: ${({ theme }) => theme.space.xxs} 0 0; color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

/**
 * 'Repeat this invoice' (issue 33): the invoice is generated as always, then the recurring schedule opens made from
 * it (how often, from when, until when, sent or kept as a draft), the first run one period after this invoice.
 */
export function RepeatChoice({ wizard, disabled }: { wizard: Wizard; disabled: boolean }) {
  return (
    <Choice>
      <label>
        <input
          type="checkbox"
          checked={wizard.repeat}
          disabled={disabled}
          aria-describedby="repeat-invoice-hint"
          onChange={(event) => wizard.setRepeat(event.target.checked)}
        />
        Repeat this invoice
      </label>
      <p id="repeat-invoice-hint">
        After it is generated, choose how often a copy is issued and sent for you (weekly, monthly, quarterly
        or yearly).
      </p>
    </Choice>
  );
}
