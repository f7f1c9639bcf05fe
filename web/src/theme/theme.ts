import palette from '@remit/contracts/palette.json' with { type: 'json' };

/** The one theme every styled component reads: colour, type, space, radii, shadows, breakpoints. */
export const theme = {
  /** The brand palette, shared with the customer page (contracts/palette.json, D-441). */
  colors: palette,
  fonts: {
    body: "'Inter Variable', Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  },
  fontSizes: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    xxl: '1.75rem',
    display: '2.25rem',
  },
  fontWeights: { regular: 400, medium: 500, semibold: 600, bold: 700 },
  lineHeights: { tight: 1.2, snug: 1.35, normal: 1.55 },
  space: {
    xxs: '0.25rem',
    xs: '0.5rem',
    sm: '0.75rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
    xxl: '3rem',
    xxxl: '4.5rem',
  },
  radii: { sm: '6px', md: '10px', lg: '14px', xl: '20px', pill: '999px' },
  shadows: {
    xs: '0 1px 2px rgba(15, 23, 42, 0.06)',
    sm: '0 1px 3px rgba(15, 23, 42, 0.08), 0 1px 2px rgba(15, 23, 42, 0.04)',
    md: '0 4px 12px rgba(15, 23, 42, 0.08), 0 2px 4px rgba(15, 23, 42, 0.04)',
    lg: '0 16px 40px rgba(15, 23, 42, 0.12), 0 4px 12px rgba(15, 23, 42, 0.06)',
    focus: '0 0 0 3px rgba(79, 70, 229, 0.35)',
    focusDanger: '0 0 0 3px rgba(185, 28, 28, 0.25)',
  },
  /** The spec's mobile menu breakpoint (§9): the full navigation shows from 1024 px. */
  breakpoints: { sm: '640px', desktop: '1024px' },
  layout: { content: '1120px', narrow: '440px', header: '64px' },
  transitions: { fast: '120ms ease-out', normal: '200ms ease-out' },
} as const;

export type Theme = typeof theme;

export const media = {
  sm: `@media (min-width: ${theme.breakpoints.sm})`,
  desktop: `@media (min-width: ${theme.breakpoints.desktop})`,
} as const;
