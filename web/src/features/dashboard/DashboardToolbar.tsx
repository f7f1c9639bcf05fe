import { collectionStatuses, collectionStatusLabels, quoteStates } from '@remit/contracts';
import styled from 'styled-components';
import { CREDIT_NOTES_FILTER, QUOTES_FILTER_PREFIX } from './queries';
import type { ViewMode } from './useDashboard';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Search = styled.input`
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

const StatusSelect = styled.select`
  min-height: 42px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const Toggle = styled.div`
  display: inline-flex;
  padding: 3px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceSunken};

  button {
    min-height: 34px;
    padding: 0 ${({ theme }) => theme.space.sm};
    border: 0;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: none;
    color: ${({ theme }) => theme.colors.muted};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    cursor: pointer;
  }
  button[aria-pressed='true'] { background: ${({ theme }) => theme.colors.surface}; color: ${({ theme }) => theme.colors.ink}; box-shadow: ${({ theme }) => theme.shadows.xs}; }
`;

interface DashboardToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  view: ViewMode;
  onView: (view: ViewMode) => void;
  /** The collection status filter (issue 14); empty: all. */
  status?: string;
  onStatus?: (status: string) => void;
}

/** Subscribers only (spec §2): search, the collection status filter (issue 14) and the grid/list toggle. */
export function DashboardToolbar({
  search,
  onSearch,
  view,
  onView,
  status,
  onStatus,
}: DashboardToolbarProps) {
  return (
    <Bar>
      <Search
        type="search"
        aria-label="Search invoices"
        placeholder="Search by number, customer, email or company"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
      />
      {onStatus && (
        <StatusSelect
          aria-label="Filter by status"
          value={status ?? ''}
          onChange={(event) => onStatus(event.target.value)}
        >
          <option value="">All statuses</option>
          {collectionStatuses.map((code) => (
            <option key={code} value={code}>
              {collectionStatusLabels[code]}
            </option>
          ))}
          <option value={CREDIT_NOTES_FILTER}>Credit notes</option>
          <optgroup label="Quotes">
            {quoteStates.map((state) => (
              <option key={state} value={`${QUOTES_FILTER_PREFIX}${state}`}>
                Quotes: {state}
              </option>
            ))}
          </optgroup>
        </StatusSelect>
      )}
      <Toggle role="group" aria-label="Layout">
        <button type="button" aria-pressed={view === 'list'} onClick={() => onView('list')}>
          List
        </button>
        <button type="button" aria-pressed={view === 'grid'} onClick={() => onView('grid')}>
          Grid
        </button>
      </Toggle>
    </Bar>
  );
}
