import styled from 'styled-components';

const Mark = styled.svg`
  display: block;
  flex: none;
`;

/** The Remit mark: an R whose leg leaves as an arrow — money sent on its way. */
export function LogoMark({ size = 32 }: { size?: number }) {
  const gradientId = `remit-logo-${size}`;
  return (
    <Mark width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#3730a3" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="15" fill={`url(#${gradientId})`} />
      <g fill="none" stroke="#fff" strokeWidth="5.5" strokeLinecap="round" strokeLinejoin="round">
        <path d="M22 46V18h11a9 9 0 0 1 0 18H22" />
        <path d="M31 36l12 12" />
        <path d="M34 48h9v-9" />
      </g>
    </Mark>
  );
}

const Wordmark = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 10px;
  font-size: 1.2rem;
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: -0.02em;
  color: ${({ theme }) => theme.colors.ink};
`;

export function Logo() {
  return (
    <Wordmark>
      <LogoMark size={30} />
      Remit
    </Wordmark>
  );
}
