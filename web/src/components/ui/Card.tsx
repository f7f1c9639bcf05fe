import styled from 'styled-components';
import { media } from '../../theme/theme';

export const Card = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  padding: ${({ theme }) => theme.space.lg};

  ${media.sm} {
    padding: ${({ theme }) => theme.space.xl};
  }
`;

export const Badge = styled.span<{ $tone?: 'brand' | 'neutral' | 'success' | 'warning' }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  background: ${({ theme, $tone = 'neutral' }) =>
    ({
      brand: theme.colors.brandSoft,
      neutral: theme.colors.surfaceSunken,
      success: theme.colors.successSoft,
      warning: theme.colors.warningSoft,
    })[$tone]};
  color: ${({ theme, $tone = 'neutral' }) =>
    ({
      brand: theme.colors.brandText,
      neutral: theme.colors.muted,
      success: theme.colors.success,
      warning: theme.colors.warning,
    })[$tone]};
`;

export const VisuallyHidden = styled.span`
  position: absolute !important;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;
