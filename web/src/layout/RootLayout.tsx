import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { OfflineBanner } from '../features/pwa/OfflineBanner';
import { Footer } from './Footer';
import { Header } from './Header';
import { useRouteMeta } from './RouteMeta';

const SkipLink = styled.a`
  position: absolute;
  top: -100px;
  left: ${({ theme }) => theme.space.md};
  z-index: 100;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.ink};
  color: #fff;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};

  &:focus { top: ${({ theme }) => theme.space.xs}; color: #fff; }
`;

const Main = styled.main`
  flex: 1;
  display: flex;
  flex-direction: column;
  width: 100%;

  &:focus { outline: none; }
`;

/** Header, main and footer around every screen; after a navigation focus moves to the new page. */
export function RootLayout() {
  useRouteMeta();
  const location = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const isFirstRender = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: move focus once per new page.
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, [location.pathname]);

  return (
    <>
      <SkipLink href="#main">Skip to content</SkipLink>
      <OfflineBanner />
      <Header />
      <Main id="main" ref={mainRef} tabIndex={-1}>
        <Outlet />
      </Main>
      <Footer />
    </>
  );
}
