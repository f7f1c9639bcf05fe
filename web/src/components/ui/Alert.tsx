import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

type Tone = 'error' | 'success' | 'info' | 'warning';

const Box = styled.div<{ $tone: Tone }>`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  align-items: flex-start;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 1px solid;
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: ${({ theme }) => theme.lineHeights.snug};

  ${({ $tone, theme }) => {
    const tones = {
      error: [theme.colors.dangerSoft, theme.colors.dangerBorder, theme.colors.danger],
      success: [theme.colors.successSoft, theme.colors.successBorder, theme.colors.success],
      warning: [theme.colors.warningSoft, theme.colors.warningBorder, theme.colors.warning],
      info: [theme.colors.brandSoft, '#c7d2fe', theme.colors.brandText],
    } as const;
    const [background, border, color] = tones[$tone];
    return css`
      background: ${background};
      border-color: ${border};
      color: ${color};
    `;
  }}

  svg { flex: none; margin-top: 1px; }
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  align-items: flex-start;
`;

const icons: Record<Tone, ReactNode> = {
  error: (
    <path d="M12 8v5m0 3.5h.01M10.3 3.9 2.4 17.6A2 2 0 0 0 4.1 20.6h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
  ),
  warning: (
    <path d="M12 8v5m0 3.5h.01M10.3 3.9 2.4 17.6A2 2 0 0 0 4.1 20.6h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
  ),
  success: <path d="M20 6 9 17l-5-5" />,
  info: <path d="M12 16v-4m0-4h.01M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0Z" />,
};

/** A message block; errors are `role="alert"` so they are read out as soon as they appear. */
export function Alert({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <Box $tone={tone} role={tone === 'error' ? 'alert' : 'status'}>
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        {icons[tone]}
      </svg>
      <Body>{children}</Body>
    </Box>
  );
}
