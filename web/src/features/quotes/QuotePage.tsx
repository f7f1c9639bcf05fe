import type { QuoteDetail } from '@remit/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useCommand } from '../../api/command';
import { ApiError, errorMessage } from '../../api/errors';
import { invalidateAfter } from '../../api/invalidation';
import { convertQuote, deleteQuote, quotePdfPath, quoteQuery, sendQuote, shareQuote } from '../../api/quotes';
import { Alert } from '../../components/ui/Alert';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Card, VisuallyHidden } from '../../components/ui/Card';
import { Page } from '../../layout/Page';
import { formatAmount, formatDate, formatDateTime } from '../../lib/format';
import { Details, Loading } from '../clients/parts';
import { useToast } from '../toasts/ToastProvider';
import { QuoteStateBadge, quoteCustomer } from './parts';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  h2 { margin: 0 0 ${({ theme }) => theme.space.sm}; font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.md};
  a.download {
    display: inline-flex;
    align-items: center;
    min-height: 40px;
    padding: 0 ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radii.md};
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    text-decoration: none;
  }
  a.download:hover { background: ${({ theme }) => theme.colors.surfaceSunken}; }
  a.download:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const Outcomes = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  p { margin: 0; overflow-wrap: anywhere; }
`;

const Lines = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th, td { padding: ${({ theme }) => theme.space.xs} 0; text-align: left; vertical-align: top; }
  th { color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
  td { border-top: 1px solid ${({ theme }) => theme.colors.border}; overflow-wrap: anywhere; }
  .number { text-align: right; padding-left: ${({ theme }) => theme.space.sm}; white-space: nowrap; }
  tfoot td { font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
`;

const History = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  li { padding: ${({ theme }) => theme.space.xs} 0; border-top: 1px solid ${({ theme }) => theme.colors.border}; overflow-wrap: anywhere; }
  time { display: block; color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const LinkBox = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  align-items: center;
  margin-top: ${({ theme }) => theme.space.sm};
  input { flex: 1; min-width: 0; min-height: 42px; padding: 0 ${({ theme }) => theme.space.sm}; border: 1px solid ${({ theme }) => theme.colors.borderStrong}; border-radius: ${({ theme }) => theme.radii.md}; font: inherit; }
`;

/** The quote's commands, each one POST however often its button is pressed (STYLE habit 15). */
function useQuoteCommands(quote: QuoteDetail['quote']) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const [link, setLink] = useState<string | null>(null);
  const refreshed = () => invalidateAfter(queryClient, 'quotes');
  const failed = (fallback: string) => (error: Error) =>
    toast(errorMessage(error, fallback), { tone: 'error' });
  const send = useCommand({
    send: (_, key) => sendQuote(quote.id, key),
    onSuccess: async (answer) => {
      await refreshed();
      toast(`Quote sent to ${answer.to.join(', ')}`, { tone: 'success' });
    },
    onError: failed('The quote could not be sent. Please try again.'),
  });
  const share = useCommand({
    send: (_, key) => shareQuote(quote.id, key),
    onSuccess: async (answer) => {
      setLink(answer.url);
      await refreshed();
    },
    onError: failed('No link could be made. Please try again.'),
  });
  const convert = useCommand({
    send: (_, key) => convertQuote(quote.id, key),
    onSuccess: async (answer) => {
      await Promise.all([refreshed(), invalidateAfter(queryClient, 'invoices')]);
      toast(`Invoice ${answer.invoiceNumber} issued from quote ${quote.number}`, { tone: 'success' });
    },
    onError: failed('The quote could not be converted. Please try again.'),
  });
  const remove = useCommand({
    send: (_, key) => deleteQuote(quote.id, key),
    onSuccess: async () => {
      await refreshed();
      toast(`Quote ${quote.number} deleted`, { tone: 'success' });
      navigate('/quotes');
    },
    onError: failed('The quote could not be deleted. Please try again.'),
  });
  return { send, share, convert, remove, link };
}

function QuoteView({ detail }: { detail: QuoteDetail }) {
  const { quote, history } = detail;
  const { send, share, convert, remove, link } = useQuoteCommands(quote);
  const open = quote.state === 'Draft' || quote.state === 'Sent' || quote.state === 'Expired';
  const convertible = quote.state !== 'Declined' && quote.state !== 'Invoiced';
  return (
    <Page
      title={`Quote ${quote.number}`}
      description={`For ${quoteCustomer(quote)} · ${formatAmount(quote.total, quote.currency)}`}
      actions={<QuoteStateBadge state={quote.state} />}
    >
      <Stack>
        <Card aria-labelledby="quote-actions">
          <h2 id="quote-actions">Actions</h2>
          <Actions>
            {open && (
              <Button busy={send.busy} onClick={() => send.run()}>
                {quote.state === 'Draft' ? 'Send to customer' : 'Send again'}
              </Button>
            )}
            {open && (
              <ButtonLink variant="secondary" to={`/quotes/${encodeURIComponent(quote.id)}/edit`}>
                Edit
              </ButtonLink>
            )}
            <Button variant="secondary" busy={share.busy} onClick={() => share.run()}>
              Share link
            </Button>
            {convertible && (
              <Button
                variant={quote.state === 'Accepted' ? 'primary' : 'secondary'}
                busy={convert.busy}
                onClick={() => convert.run()}
              >
                Convert to invoice
              </Button>
            )}
            <a className="download" href={quotePdfPath(quote.id)} download>
              Download PDF
            </a>
            {open && (
              <Button variant="danger" busy={remove.busy} onClick={() => remove.run()}>
                Delete
              </Button>
            )}
          </Actions>
          {link && (
            <LinkBox>
              <label htmlFor="quote-link">Customer page link (shown once)</label>
              <input id="quote-link" readOnly value={link} onFocus={(event) => event.target.select()} />
              <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(link)}>
                Copy
              </Button>
            </LinkBox>
          )}
          <Outcomes>
            {quote.answer && (
              <p>
                {quote.answer.accepted ? 'Accepted' : 'Declined'} by <strong>{quote.answer.name}</strong> on{' '}
                {formatDate(quote.answer.day)}
                {quote.answer.note ? `: “${quote.answer.note}”` : '.'}
              </p>
            )}
            {quote.invoiceId && (
              <Alert tone="success">
                <span>
                  Converted to invoice{' '}
                  <Link to={`/?invoice=${encodeURIComponent(quote.invoiceId)}`}>{quote.invoiceNumber}</Link>
                </span>
              </Alert>
            )}
          </Outcomes>
        </Card>
        <Card aria-labelledby="quote-details">
          <h2 id="quote-details">Details</h2>
          <Details>
            <div>
              <dt>Customer</dt>
              <dd>
                {quote.customerName}
                {quote.customerCompanyName ? `\n${quote.customerCompanyName}` : ''}
                {quote.customerEmail ? `\n${quote.customerEmail}` : ''}
              </dd>
            </div>
            <div>
              <dt>Dates</dt>
              <dd>
                Issued {formatDate(quote.issueDate)}
                {'\n'}Valid until {formatDate(quote.validUntil)} ({quote.timeZone})
              </dd>
            </div>
          </Details>
          <Lines>
            <caption>
              <VisuallyHidden>Lines</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">Description</th>
                <th scope="col" className="number">
                  Qty
                </th>
                <th scope="col" className="number">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {quote.items.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a quote's lines never move; two may read alike
                <tr key={index}>
                  <td>{item.description}</td>
                  <td className="number">{item.quantity}</td>
                  <td className="number">{formatAmount(item.total, quote.currency)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={2}>Total</td>
                <td className="number">{formatAmount(quote.total, quote.currency)}</td>
              </tr>
            </tfoot>
          </Lines>
        </Card>
        <Card aria-labelledby="quote-history">
          <h2 id="quote-history">History</h2>
          <History>
            {history.map((entry, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: History only grows at its end
              <li key={index}>
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                {entry.text}
              </li>
            ))}
          </History>
        </Card>
      </Stack>
    </Page>
  );
}

/** `/quotes/{id}` (issue 33): the quote, its actions (Send, Share, Convert, PDF, Delete) and its History. */
export function QuotePage() {
  const id = useParams().id ?? '';
  const query = useQuery(quoteQuery(id));
  const { refetch } = query;
  // The customer answers on another device: opening the page always asks the server, even over a restored cache.
  useEffect(() => {
    void refetch();
  }, [refetch]);
  if (query.isPending) return <Loading label="Loading the quote..." />;
  if (query.isError || !query.data) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Page title={missing ? 'Quote not found' : 'The quote could not be loaded'}>
        <Alert tone="error">
          {missing ? 'This quote does not exist or is not yours.' : 'Please try again.'}{' '}
          <Link to="/quotes">Back to quotes</Link>
        </Alert>
      </Page>
    );
  }
  return <QuoteView detail={query.data} />;
}
