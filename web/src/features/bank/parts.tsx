import type { BankSuggestion, BankTransactionState } from '@remit/contracts';
import styled from 'styled-components';
import { filePickStyles } from '../../components/ui/filePick';
import { media } from '../../theme/theme';

/** Shared parts of the Bank screen. */

export const stateLabels: Record<BankTransactionState, string> = {
  suggested: 'To confirm',
  unmatched: 'Unmatched',
  matched: 'Matched',
  ignored: 'Ignored',
};

export const reasonLabels: Record<BankSuggestion['reason'], string> = {
  partial: 'Pays part of the balance',
  several_invoices: 'One transfer for several invoices',
  payer: 'From this customer, no invoice number',
  void: 'Names a void invoice',
  credited: 'Names a credited invoice',
  settled: 'Names an invoice already paid',
  other_currency: 'In another currency than the invoice',
};

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  ${filePickStyles}
  label.pick { background: ${({ theme }) => theme.colors.surface}; }
`;

export const Filters = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xxs};
  margin: ${({ theme }) => theme.space.md} 0;
  padding: ${({ theme }) => theme.space.xxs};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceSunken};
  width: fit-content;
  max-width: 100%;

  button {
    min-height: 36px;
    padding: 0 ${({ theme }) => theme.space.sm};
    border: 0;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: transparent;
    color: ${({ theme }) => theme.colors.muted};
    font: inherit;
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.ink};
    box-shadow: ${({ theme }) => theme.shadows.xs};
  }
  button:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.shadows.focus}; }
`;

export const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  overflow: hidden;
  & > li + li { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
`;

export const Entry = styled.article`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  ${media.sm} { grid-template-columns: minmax(0, 1fr) auto; }
`;

export const Who = styled.div`
  min-width: 0;
  h2 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.md}; font-weight: ${({ theme }) => theme.fontWeights.semibold}; overflow-wrap: anywhere; }
  p { margin: 2px 0 0; color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; overflow-wrap: anywhere; white-space: pre-line; }
  small { display: block; margin-top: 2px; color: ${({ theme }) => theme.colors.subtle}; font-size: ${({ theme }) => theme.fontSizes.xs}; overflow-wrap: anywhere; }
`;

export const Amount = styled.div`
  font-variant-numeric: tabular-nums;
  ${media.sm} { text-align: right; }
  strong { display: block; font-size: ${({ theme }) => theme.fontSizes.lg}; color: ${({ theme }) => theme.colors.success}; }
  span { display: block; color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

export const Suggestions = styled.ul`
  grid-column: 1 / -1;
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.xs};

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.xs};
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceSunken};
  }
  li > div { min-width: 0; }
  strong { font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
  span { display: block; color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

export const RowActions = styled.div`
  grid-column: 1 / -1;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  justify-content: flex-end;
`;

/** 'Match to an invoice': the search, its list of open invoices, then the chosen one's amount. */
export const Picker = styled.section`
  grid-column: 1 / -1;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  > div:last-child { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space.xs}; }
  p { margin: 0; }
`;

export const PickerRow = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  > div:last-child { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space.xs}; }
`;

export const Options = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 2px;
  &:empty { display: none; }
`;

export const Option = styled.li<{ $active: boolean }>`
  display: grid;
  grid-template-columns: minmax(6rem, auto) 1fr auto;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.sm};
  cursor: pointer;
  background: ${({ $active, theme }) => ($active ? theme.colors.brandSoft : 'transparent')};
  outline: ${({ $active, theme }) => ($active ? `2px solid ${theme.colors.focus}` : 'none')};
  &[aria-disabled='true'] { cursor: not-allowed; color: ${({ theme }) => theme.colors.muted}; }
  span { color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;
