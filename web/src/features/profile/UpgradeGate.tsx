import { type ReactNode, useId } from 'react';
import styled from 'styled-components';
import { ButtonLink } from '../../components/ui/Button';

const Frame = styled.div`
  position: relative;
  min-height: 220px;
  border-radius: ${({ theme }) => theme.radii.md};
  overflow: hidden;
`;

const Sample = styled.div`
  filter: blur(5px);
  opacity: 0.7;
  user-select: none;
  pointer-events: none;
`;

const Overlay = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md};
  background: rgba(255, 255, 255, 0.6);
  text-align: center;

  h3 { font-size: ${({ theme }) => theme.fontSizes.md}; color: ${({ theme }) => theme.colors.ink}; }
  p { max-width: 260px; font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.muted}; }
  svg { color: ${({ theme }) => theme.colors.brand}; }
`;

const LockIcon = () => (
  <svg
    width="22"
    height="22"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </svg>
);

/**
 * Spec §2: a paid block for someone without an active or trialing subscription — sample data,
 * blurred and hidden from screen readers, under a title and an upgrade action.
 */
export function UpgradeGate({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Frame data-testid="upgrade-gate">
      <Sample aria-hidden="true" inert>
        {children}
      </Sample>
      <Overlay>
        <LockIcon />
        <h3 id={titleId}>{title}</h3>
        <p>Subscribe to unlock this feature</p>
        <ButtonLink to="/subscription" aria-describedby={titleId}>
          Upgrade Now
        </ButtonLink>
      </Overlay>
    </Frame>
  );
}
