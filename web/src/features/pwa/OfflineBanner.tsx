import { useEffect, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { probeServer } from '../../api/client';
import { isServerReachable, onReachabilityChange } from '../../api/reachability';
import { useOnlineStatus } from '../../hooks/useOnlineStatus';

const Banner = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  background: ${({ theme }) => theme.colors.warningSoft};
  border-bottom: 1px solid ${({ theme }) => theme.colors.warningBorder};
  color: #78350f;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: center;

  strong { font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
`;

/** While the server is out of reach with the browser online: ask it again this often. */
const REACH_PROBE_MS = 15_000;

function useServerReachable(): boolean {
  return useSyncExternalStore(onReachabilityChange, isServerReachable, () => true);
}

/**
 * Shown while the browser has no connection ('You're offline') or while our server cannot be reached
 * with the connection up ('Can't reach the server': refused, or 502/503/504); the live region announces
 * it once. While the server is out of reach it is asked again now and then, so the banner goes by itself.
 */
export function OfflineBanner() {
  const isOnline = useOnlineStatus();
  const isReachable = useServerReachable();
  const serverDown = isOnline && !isReachable;
  useEffect(() => {
    if (!serverDown) return;
    const timer = setInterval(() => void probeServer().catch(() => {}), REACH_PROBE_MS);
    return () => clearInterval(timer);
  }, [serverDown]);
  return (
    <div role="status" aria-live="polite">
      {(!isOnline || serverDown) && (
        <Banner data-testid="offline-banner">
          <svg
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path
              d="M2 2l20 20M8.5 16.4a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 5.2-2.8M19 12.9a10 10 0 0 0-2.2-1.6M2 8.8a15 15 0 0 1 4.2-2.7M22 8.8A15 15 0 0 0 11 5M12 20h.01"
              strokeLinecap="round"
            />
          </svg>
          {isOnline ? (
            <span>
              <strong>Can't reach the server.</strong> Remit keeps working with what is saved on this device
              and tries again.
            </span>
          ) : (
            <span>
              <strong>You're offline.</strong> Remit keeps working with what is saved on this device.
            </span>
          )}
        </Banner>
      )}
    </div>
  );
}
