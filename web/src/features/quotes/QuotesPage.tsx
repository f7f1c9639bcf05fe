import { type QuoteState, quoteStates } from '@remit/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { quotesQuery } from '../../api/quotes';
import { EmptyState, icons, LineIcon } from '../../components/EmptyState';
import { Alert } from '../../components/ui/Alert';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Page } from '../../layout/Page';
import { formatAmount, formatDate } from '../../lib/format';
import { media } from '../../theme/theme';
import { List, Loading, Primary, RowLink, Toolbar } from '../clients/parts';
import { QuoteStateBadge, quoteCustomer } from './parts';

const Filter = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  select {
    min-height: 42px;
    padding: 0 ${({ theme }) => theme.space.sm};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    font: inherit;
    font-weight: normal;
  }
`;

const Figures = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 4px;
  font-variant-numeric: tabular-nums;
  strong { font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
  ${media.sm} { align-items: flex-end; }
`;

const Pages = styled.nav`
  display: flex;
  justify-content: space-between;
  margin-top: ${({ theme }) => theme.space.md};
`;

const isState = (value: string | null): value is QuoteState =>
  value !== null && (quoteStates as readonly string[]).includes(value);

/**
 * The owner's quotes in one state (or all), newest change first, with paging: the Quotes screen's list and the
 * dashboard's quote filters (issue 33, item 4).
 */
export function QuotesList({
  state,
  page,
  onPage,
}: {
  state: QuoteState | '';
  page: number;
  onPage: (page: number) => void;
}) {
  const query = useQuery(quotesQuery(state, page));
  const { refetch } = query;
  // Customers answer on other devices: opening the list always asks the server, even over a restored cache.
  useEffect(() => {
    void refetch();
  }, [refetch]);
  const quotes = query.data?.quotes;
  return (
    <>
      {query.isPending ? (
        <Loading label="Loading quotes..." />
      ) : query.isError && !quotes ? (
        <Alert tone="error">
          Your quotes could not be loaded.{' '}
          <Button variant="ghost" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !quotes || quotes.length === 0 ? (
        <EmptyState
          icon={<LineIcon d={icons.invoice} />}
          title={state ? `No ${state.toLowerCase()} quotes` : 'No quotes yet'}
          actions={state ? undefined : <ButtonLink to="/quote/create">New quote</ButtonLink>}
        >
          {state
            ? 'No quote is in this state. Choose another state or All quotes.'
            : 'Make a quote with the invoice form; your customer accepts it online and you convert it to an invoice.'}
        </EmptyState>
      ) : (
        <List aria-label="Quotes" aria-busy={query.isFetching || undefined}>
          {quotes.map((quote) => (
            <li key={quote.id}>
              <RowLink to={`/quotes/${encodeURIComponent(quote.id)}`}>
                <Primary>
                  <strong>
                    {quote.number} · {quoteCustomer(quote)}
                  </strong>
                  <span>
                    Valid until {formatDate(quote.validUntil)}
                    {quote.invoiceNumber ? ` · Invoice ${quote.invoiceNumber}` : ''}
                  </span>
                </Primary>
                <Figures>
                  <strong>{formatAmount(quote.total, quote.currency)}</strong>
                  <QuoteStateBadge state={quote.state} />
                </Figures>
              </RowLink>
            </li>
          ))}
        </List>
      )}
      {(page > 1 || query.data?.hasMore) && (
        <Pages aria-label="Pages">
          <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <Button variant="secondary" disabled={!query.data?.hasMore} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </Pages>
      )}
    </>
  );
}

/** `/quotes` (issue 33): the owner's quotes, newest change first, filtered by state (`?state=`). */
export function QuotesPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('state');
  const state: QuoteState | '' = isState(requested) ? requested : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const go = (next: { state?: QuoteState | ''; page?: number }) => {
    const nextState = next.state ?? state;
    const nextPage = next.page ?? 1;
    setParams({
      ...(nextState ? { state: nextState } : {}),
      ...(nextPage > 1 ? { page: String(nextPage) } : {}),
    });
  };

  return (
    <Page
      title="Quotes"
      description="Quotes your customers accept online, then invoiced in one step."
      actions={<ButtonLink to="/quote/create">New quote</ButtonLink>}
    >
      <Toolbar>
        <Filter>
          State
          <select value={state} onChange={(event) => go({ state: event.target.value as QuoteState | '' })}>
            <option value="">All quotes</option>
            {quoteStates.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </Filter>
      </Toolbar>
      <QuotesList state={state} page={page} onPage={(next) => go({ page: next })} />
    </Page>
  );
}
