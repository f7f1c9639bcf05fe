import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { PageSpinner } from '../components/ui/Spinner';
import { OfflineBanner } from '../features/pwa/OfflineBanner';
import { UpdatePrompt } from '../features/pwa/UpdatePrompt';
import { Footer } from './Footer';
import { Header } from './Header';
import { RouteErrorBoundary } from './RouteError';

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

/**
 * Header, main and footer around every screen of the app, and its service worker (UpdatePrompt): the
 * public customer page (/i/:token) is outside this layout, so an anonymous customer installs no service
 * worker and is never told the app works offline. After a navigation focus moves to the new page. The
 * page itself may still be loading (routes.tsx): a spinner stands in for it.
 */
export function RootLayout() {
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
        <RouteErrorBoundary>
          {/* A page's chunk is loading: the header and footer stay, the spinner holds the page's place. */}
          <Suspense fallback={<PageSpinner label="Loading..." />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </Main>
      <Footer />
      <UpdatePrompt />
    </>
  );
}
