import styled from 'styled-components';

/**
 * A quote's customer page's look (issue 33): the page, its card and side column. The invoice's customer page is
 * the server's now (services/query/src/invoices/customer-page/styles.ts).
 */

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

export const Center = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  padding: ${({ theme }) => theme.space.xl};
  text-align: center;
`;

/** The invoice's credit notes on its customer page: number, date and amount, each with its PDF. */
