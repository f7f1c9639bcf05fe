import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Spinner } from '../../components/ui/Spinner';
import { media } from '../../theme/theme';

/** Shared parts of the clients and items screens. */

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
  margin-bottom: ${({ theme }) => theme.space.md};
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

export const SearchInput = styled.input`
  flex: 1;
  min-width: 200px;
  min-height: 42px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.fontSizes.md};
  &:focus { outline: none; border-color: ${({ theme }) => theme.colors.focus}; box-shadow: ${({ theme }) => theme.shadows.focus}; }
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

// One column on a phone (the figures under the name), name and figures side by side from 'sm' up.
const rowLayout = `
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 6px 16px;
  align-items: center;
`;

export const RowLink = styled(Link)`
  ${rowLayout}
  padding: ${({ theme }) => theme.space.md};
  color: inherit;
  text-decoration: none;
  ${media.sm} { grid-template-columns: minmax(0, 1fr) auto; }
  &:hover { background: ${({ theme }) => theme.colors.surfaceSunken}; }
  &:focus-visible { outline: none; box-shadow: inset ${({ theme }) => theme.shadows.focus}; }
`;

export const Row = styled.div`
  ${rowLayout}
  padding: ${({ theme }) => theme.space.md};
  ${media.sm} { grid-template-columns: minmax(0, 1fr) auto auto; }
`;

export const Primary = styled.div`
  min-width: 0;
  strong { display: block; font-weight: ${({ theme }) => theme.fontWeights.semibold}; overflow-wrap: anywhere; }
  span { display: block; margin-top: 2px; color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; overflow-wrap: anywhere; }
`;

export const Figures = styled.div`
  ${media.sm} { text-align: right; }
  font-variant-numeric: tabular-nums;
  strong { display: block; font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
  span { display: block; margin-top: 2px; color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const Details = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  margin: 0;

  ${media.sm} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  div { min-width: 0; }
  dt { color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  dd { margin: 2px 0 0; overflow-wrap: anywhere; white-space: pre-line; }
`;

const LoadingBox = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.muted};
`;

export function Loading({ label }: { label: string }) {
  return (
    <LoadingBox role="status">
      <Spinner decorative />
      <span>{label}</span>
    </LoadingBox>
  );
}
