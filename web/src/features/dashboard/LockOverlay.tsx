import styled from 'styled-components';
import { ButtonLink } from '../../components/ui/Button';

const Overlay = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.xs};
  background: rgba(255, 255, 255, 0.55);
  text-align: center;

  strong { display: block; font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.ink}; }
  p { font-size: ${({ theme }) => theme.fontSizes.xs}; color: ${({ theme }) => theme.colors.muted}; }
`;

const LockIcon = () => (
  <svg
    width="18"
    height="18"
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

/** Spec §2: a locked invoice of a non-subscriber, blurred behind a title, a line and 'Upgrade Now'. */
export function LockOverlay({ number }: { number: string }) {
  return (
    <Overlay>
      <LockIcon />
      <div>
        <strong>Invoice {number} is locked</strong>
        <p>Subscribe to unlock this feature</p>
      </div>
      <ButtonLink to="/subscription" size="md">
        Upgrade Now
      </ButtonLink>
    </Overlay>
  );
}
