import type { ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '../theme/theme';

const Container = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.content};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.xxl};

  ${media.sm} { padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.xxxl}; }
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};

  h1 { font-size: ${({ theme }) => theme.fontSizes.xxl}; }
  p { margin-top: ${({ theme }) => theme.space.xxs}; color: ${({ theme }) => theme.colors.muted}; }

  ${media.sm} { h1 { font-size: ${({ theme }) => theme.fontSizes.display}; } }
`;

interface PageProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  eyebrow?: ReactNode;
  children?: ReactNode;
}

/** The frame of every signed-in screen: a heading, an optional lead and actions, then content. */
export function Page({ title, description, actions, eyebrow, children }: PageProps) {
  return (
    <Container>
      <Head>
        <div>
          {eyebrow}
          <h1>{title}</h1>
          {description && <p>{description}</p>}
        </div>
        {actions}
      </Head>
      {children}
    </Container>
  );
}
