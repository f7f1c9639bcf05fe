import styled from 'styled-components';

/** The customer page's look: the page, its card and side column, the status badge and the owner's bar. */

export const Page = styled.div`
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
`;

export const Top = styled.header`
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  p { margin: 0; font-size: ${({ theme }) => theme.fontSizes.lg}; font-weight: ${({ theme }) => theme.fontWeights.semibold}; color: ${({ theme }) => theme.colors.ink}; }
`;

export const Main = styled.main`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 340px;
  gap: ${({ theme }) => theme.space.lg};
  max-width: 1180px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.lg};
  @media (max-width: 860px) {
    grid-template-columns: minmax(0, 1fr);
    padding: ${({ theme }) => theme.space.sm};
  }
`;

export const Card = styled.section`
  position: relative;
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  h1, h2 { margin: 0 0 ${({ theme }) => theme.space.sm}; font-size: ${({ theme }) => theme.fontSizes.lg}; color: ${({ theme }) => theme.colors.ink}; }
  p { margin: ${({ theme }) => theme.space.xs} 0; }
`;

export const Side = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  /* On a phone what is due and how to pay come first, the invoice itself below. */
  @media (max-width: 860px) { order: -1; }
`;

export const Dates = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 2px ${({ theme }) => theme.space.sm};
  margin: ${({ theme }) => theme.space.xs} 0 ${({ theme }) => theme.space.md};
  dt { color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; color: ${({ theme }) => theme.colors.ink}; }
`;

export const Due = styled.p`
  font-size: 2rem;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.ink};
`;

export type Tone = 'paid' | 'overdue' | 'open' | 'void';
const toneColours = {
  paid: ['success', 'successSoft'],
  overdue: ['danger', 'dangerSoft'],
  open: ['brandText', 'brandSoft'],
  void: ['muted', 'surfaceSunken'],
} as const;

export const Badge = styled.span<{ $tone: Tone }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme, $tone }) => theme.colors[toneColours[$tone][0]]};
  background: ${({ theme, $tone }) => theme.colors[toneColours[$tone][1]]};
`;

/** Only for the signed-in owner of the invoice: never rendered for a customer. */
export const OwnerBar = styled.aside`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.brandSoft};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.ink};
  p { margin: 0; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  div { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space.xs}; }
  @media (max-width: 860px) { padding: ${({ theme }) => theme.space.sm}; }
`;

export const Stamp = styled.p`
  position: absolute;
  top: ${({ theme }) => theme.space.xl};
  right: ${({ theme }) => theme.space.xl};
  margin: 0;
  padding: 4px 18px;
  border: 4px solid ${({ theme }) => theme.colors.success};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.success};
  background: rgba(255, 255, 255, 0.85);
  font-size: 2rem;
  font-weight: 800;
  letter-spacing: 0.1em;
  text-transform: uppercase;
  transform: rotate(-12deg);
  pointer-events: none;
  @media (max-width: 860px) {
    top: ${({ theme }) => theme.space.lg};
    right: ${({ theme }) => theme.space.md};
    padding: 2px 12px;
    border-width: 3px;
    font-size: 1.25rem;
  }
`;

export const Frame = styled.iframe`
  display: block;
  width: 100%;
  height: 80vh;
  min-height: 520px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: #fff;
  /* On a phone the first page fits the frame's width, without a screen of grey below it (A4 plus the
     preview's margins); later pages scroll inside the frame. */
  @media (max-width: 860px) {
    height: auto;
    min-height: 0;
    aspect-ratio: 1 / 1.42;
  }
`;

/** Download PDF: the card's main action, or the second one under 'Pay {amount}' (`$secondary`). */
export const Download = styled.a<{ $secondary?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 100%;
  min-height: 44px;
  box-sizing: border-box;
  border: 1px solid ${({ theme, $secondary }) => ($secondary ? theme.colors.borderStrong : 'transparent')};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $secondary }) => ($secondary ? theme.colors.surface : theme.colors.brand)};
  color: ${({ theme, $secondary }) => ($secondary ? theme.colors.ink : theme.colors.onBrand)};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-decoration: none;
  &:hover {
    background: ${({ theme, $secondary }) => ($secondary ? theme.colors.surfaceSunken : theme.colors.brandHover)};
    color: ${({ theme, $secondary }) => ($secondary ? theme.colors.ink : theme.colors.onBrand)};
  }
`;

/** The customer page's actions and notices, spaced as one column. */
export const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
`;

export const Notice = styled.div`
  margin-bottom: ${({ theme }) => theme.space.md};
`;

export const Center = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  padding: ${({ theme }) => theme.space.xl};
  text-align: center;
`;

/** The invoice's credit notes on its customer page: number, date and amount, each with its PDF. */
export const CreditNoteList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 2px 12px; padding: 10px 0; }
  li + li { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
  span { color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; overflow-wrap: anywhere; }
  strong { font-variant-numeric: tabular-nums; }
  a { grid-column: 1 / -1; justify-self: start; color: ${({ theme }) => theme.colors.brandText}; font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
`;
