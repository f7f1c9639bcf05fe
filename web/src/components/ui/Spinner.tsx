import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 2px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  opacity: 0.8;
  animation: ${spin} 0.7s linear infinite;
`;

interface SpinnerProps {
  size?: number;
  /** A spinner inside a labelled control adds nothing for screen readers. */
  decorative?: boolean;
  label?: string;
}

export function Spinner({ size = 20, decorative = false, label = 'Loading' }: SpinnerProps) {
  if (decorative) return <Ring $size={size} aria-hidden="true" />;
  return <Ring $size={size} role="img" aria-label={label} />;
}

const Center = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
  min-height: 50vh;
  padding: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.colors.brand};

  p {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

/** The full-screen wait, announced once to screen readers. */
export function PageSpinner({ label }: { label: string }) {
  return (
    <Center role="status" aria-live="polite">
      <Spinner size={32} decorative />
      <p>{label}</p>
    </Center>
  );
}
