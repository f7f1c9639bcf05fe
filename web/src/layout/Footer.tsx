import styled from 'styled-components';
import { LogoMark } from '../components/Logo';
import { media } from '../theme/theme';

const Bar = styled.footer`
  margin-top: auto;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const Inner = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  max-width: ${({ theme }) => theme.layout.content};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  ${media.sm} {
    flex-direction: row;
    justify-content: space-between;
    padding: ${({ theme }) => theme.space.lg};
  }
`;

const Brand = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.ink};
`;

export function Footer({ year = new Date().getFullYear() }: { year?: number }) {
  return (
    <Bar>
      <Inner>
        <Brand>
          <LogoMark size={20} />
          Remit
        </Brand>
        <p>© {year} Remit. All rights reserved.</p>
      </Inner>
    </Bar>
  );
}
