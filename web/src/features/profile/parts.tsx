import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from '../../components/ui/Card';

/** A profile card: a heading row (title, optional action) above its content. */
const Box = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};

  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;

export function ProfileCard({
  title,
  titleId,
  action,
  children,
}: {
  title: string;
  titleId: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box aria-labelledby={titleId}>
      <Head>
        <h2 id={titleId}>{title}</h2>
        {action}
      </Head>
      {children}
    </Box>
  );
}

const EmptyBox = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md};
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  text-align: center;

  strong { font-weight: ${({ theme }) => theme.fontWeights.semibold}; color: ${({ theme }) => theme.colors.ink}; }
  p { font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.muted}; }
`;

/** A card's own empty state (spec §2: 'No invoices', 'No stats available', 'No clients yet'). */
export function CardEmpty({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <EmptyBox>
      <strong>{title}</strong>
      {children && <p>{children}</p>}
    </EmptyBox>
  );
}

/** A round avatar with initials; the logo or a client. */
export const Avatar = styled.span<{ $size?: number }>`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: ${({ $size = 40 }) => $size}px;
  height: ${({ $size = 40 }) => $size}px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.brandSoft};
  color: ${({ theme }) => theme.colors.brandText};
  font-size: ${({ $size = 40 }) => ($size > 60 ? '1.75rem' : '0.875rem')};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: 0.02em;
`;

/** Rows of a card list, divided by hairlines. */
export const Rows = styled.ul`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;

  > li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    padding: ${({ theme }) => theme.space.sm} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    min-width: 0;
  }
  > li:first-child { padding-top: 0; }
  > li:last-child { border-bottom: 0; padding-bottom: 0; }
`;
