import type { ReactNode } from 'react';
import styled from 'styled-components';
import { LogoMark } from '../components/Logo';
import { media } from '../theme/theme';

const Page = styled.div`
  flex: 1;
  display: flex;
  align-items: flex-start;
  justify-content: center;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.xxl};
  background:
    radial-gradient(1200px 400px at 50% -120px, rgba(99, 102, 241, 0.14), transparent 70%),
    ${({ theme }) => theme.colors.background};

  ${media.sm} { padding-top: ${({ theme }) => theme.space.xxxl}; }
`;

const Panel = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.narrow};
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xl};
  box-shadow: ${({ theme }) => theme.shadows.lg};

  ${media.sm} { padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.lg}; }
`;

const Head = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.lg};
  text-align: center;

  h1 { font-size: ${({ theme }) => theme.fontSizes.xxl}; margin-top: ${({ theme }) => theme.space.sm}; }
  p { color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const Foot = styled.div`
  margin-top: ${({ theme }) => theme.space.lg};
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: center;

  a { font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
`;

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}

/** The card every sign-in screen sits in. */
export function AuthLayout({ title, subtitle, icon, footer, children }: AuthLayoutProps) {
  return (
    <Page>
      <Panel>
        <Head>
          {icon ?? <LogoMark size={44} />}
          <h1>{title}</h1>
          {subtitle && <p>{subtitle}</p>}
        </Head>
        {children}
        {footer && <Foot>{footer}</Foot>}
      </Panel>
    </Page>
  );
}

export const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

/** A quiet line of links under a form. */
export const Aside = styled.p`
  margin-top: ${({ theme }) => theme.space.md};
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;
