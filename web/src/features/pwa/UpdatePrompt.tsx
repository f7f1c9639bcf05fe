import { useRegisterSW } from 'virtual:pwa-register/react';
import { useEffect } from 'react';
import styled from 'styled-components';
import { logError } from '../../lib/log';
import { useToast } from '../toasts/ToastProvider';

const Panel = styled.div`
  position: fixed;
  left: ${({ theme }) => theme.space.md};
  bottom: ${({ theme }) => theme.space.md};
  right: ${({ theme }) => theme.space.md};
  z-index: 60;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.sm} ${theme.space.sm} ${theme.space.md}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  @media (min-width: 480px) {
    right: auto;
    max-width: 420px;
  }

  p { flex: 1; color: ${({ theme }) => theme.colors.ink}; font-weight: ${({ theme }) => theme.fontWeights.medium}; }
`;

const Action = styled.button`
  min-height: 36px;
  padding: 0 ${({ theme }) => theme.space.md};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.brand};
  color: ${({ theme }) => theme.colors.onBrand};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.brandHover}; }
`;

const Later = styled.button`
  min-height: 36px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.muted};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceSunken}; }
`;

const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Registers the service worker (from our bundle: the CSP allows no inline script) and offers updates. */
export function UpdatePrompt() {
  const toast = useToast();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError: (error) => logError('service worker registration failed', error),
    // A tab left open for days still learns about a new version.
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
    },
  });

  useEffect(() => {
    if (!offlineReady) return;
    toast('Remit is ready to work offline.', { tone: 'success' });
    setOfflineReady(false);
  }, [offlineReady, setOfflineReady, toast]);

  if (!needRefresh) return null;
  return (
    <Panel role="status" aria-live="polite">
      <p>Update available</p>
      <Action type="button" onClick={() => void updateServiceWorker(true)}>
        Reload
      </Action>
      <Later type="button" onClick={() => setNeedRefresh(false)}>
        Later
      </Later>
    </Panel>
  );
}
