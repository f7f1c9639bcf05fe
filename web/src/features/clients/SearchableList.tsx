import type { ReactNode } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { List, Loading, SearchInput, Toolbar } from './parts';

/** What the list shows of its query: the rows, and whether they are loading, failed or refreshing. */
interface ListQuery<Row> {
  data: Row[] | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * The search box and the four states of an address-book list (loading, failed, empty or no match, rows) that
 * the clients and items pages share; each page names its nouns and draws its own rows.
 */
export function SearchableList<Row>({
  noun,
  plural,
  placeholder,
  search,
  onSearch,
  query,
  icon,
  emptyHint,
  onNew,
  children,
}: {
  /** 'client', 'item': the singular, as in 'No client matches your search.' */
  noun: string;
  /** 'Clients', 'Items': the list's name, as in 'Search clients' and 'No clients yet'. */
  plural: string;
  placeholder: string;
  search: string;
  onSearch: (value: string) => void;
  query: ListQuery<Row>;
  icon: ReactNode;
  emptyHint: string;
  onNew: () => void;
  children: (rows: Row[]) => ReactNode;
}) {
  const rows = query.data;
  const lower = plural.toLowerCase();
  const searching = search.trim() !== '';
  return (
    <>
      <Toolbar>
        <SearchInput
          type="search"
          aria-label={`Search ${lower}`}
          placeholder={placeholder}
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
      </Toolbar>
      {query.isPending ? (
        <Loading label={`Loading ${lower}...`} />
      ) : query.isError && !rows ? (
        <Alert tone="error">
          Your {lower} could not be loaded.{' '}
          <Button variant="ghost" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !rows || rows.length === 0 ? (
        <EmptyState
          icon={icon}
          title={searching ? `No ${lower} found` : `No ${lower} yet`}
          actions={searching ? undefined : <Button onClick={onNew}>New {noun}</Button>}
        >
          {searching ? `No ${noun} matches your search.` : emptyHint}
        </EmptyState>
      ) : (
        <List aria-label={plural} aria-busy={query.isFetching || undefined}>
          {children(rows)}
        </List>
      )}
    </>
  );
}
