import { type PublicQuoteView, quoteMessages, quoteResponseSchema } from '@remit/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useCommand } from '../../api/command';
import { errorMessage } from '../../api/errors';
import { invalidateAfter } from '../../api/invalidation';
import { answerQuote, publicQuotePath, publicQuoteQuery } from '../../api/quotes';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { VisuallyHidden } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { formatAmount, formatDate } from '../../lib/format';
import { Card, Center, Dates, Download, Due, Main, Page, Side, Top } from './customer-page-styles';
import { QuoteStateBadge } from './parts';

const Lines = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th, td { padding: ${({ theme }) => theme.space.xs} 0; text-align: left; vertical-align: top; }
  th { color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  td { border-top: 1px solid ${({ theme }) => theme.colors.border}; overflow-wrap: anywhere; }
  .number { text-align: right; padding-left: ${({ theme }) => theme.space.sm}; white-space: nowrap; }
  tfoot td { font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
`;

const Parties = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.md};
  h3 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.muted}; }
  p { white-space: pre-line; overflow-wrap: anywhere; }
`;

const NoteField = styled.div`
  display: grid;
  gap: 6px;
  margin-bottom: ${({ theme }) => theme.space.md};
  label { font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: ${({ theme }) => theme.fontWeights.medium}; color: ${({ theme }) => theme.colors.ink}; }
  textarea { min-height: 88px; padding: ${({ theme }) => theme.space.sm}; border: 1px solid ${({ theme }) => theme.colors.borderStrong}; border-radius: ${({ theme }) => theme.radii.md}; font: inherit; resize: vertical; }
  small { color: ${({ theme }) => theme.colors.muted}; }
`;

const Choices = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const sellerName = (view: PublicQuoteView) => view.seller.companyName || view.seller.name;

/** The customer's answer: name, optional note, Accept or Decline; each press one POST (useCommand). */
function AnswerForm({ token, view }: { token: string; view: PublicQuoteView }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const answer = useCommand({
    send: (input: { verb: 'accept' | 'decline'; name: string; note: string }, key) =>
      answerQuote(token, input.verb, { name: input.name, note: input.note }, key),
    onSuccess: () => invalidateAfter(queryClient, 'quotes'),
  });
  const submit = (verb: 'accept' | 'decline') => (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = quoteResponseSchema.safeParse({ name, note });
    if (!parsed.success) {
      const nameIssue = parsed.error.issues.find((issue) => issue.path[0] === 'name');
      setNameError(nameIssue?.message);
      if (nameIssue) return;
    }
    setNameError(undefined);
    answer.run({ verb, name, note });
  };
  return (
    <form onSubmit={submit('accept')} aria-labelledby="answer-heading" noValidate>
      <h2 id="answer-heading">Your answer</h2>
      <p>
        Accept the quote to tell {sellerName(view)} to go ahead, or decline it. Either way they are told at
        once.
      </p>
      <TextField
        label="Your name"
        name="name"
        autoComplete="name"
        onBlur={() => undefined}
        value={name}
        maxLength={100}
        error={nameError}
        onChange={(event) => setName(event.target.value)}
      />
      <NoteField>
        <label htmlFor="quote-note">Note (optional)</label>
        <textarea
          id="quote-note"
          value={note}
          maxLength={1000}
          aria-describedby="quote-note-hint"
          onChange={(event) => setNote(event.target.value)}
        />
        <small id="quote-note-hint">{1000 - note.length} characters left</small>
      </NoteField>
      {answer.error && (
        <Alert tone="error">
          {errorMessage(answer.error, 'Your answer could not be sent. Please try again.')}
        </Alert>
      )}
      <Choices>
        <Button type="submit" block busy={answer.pending?.verb === 'accept'} disabled={answer.busy}>
          Accept quote
        </Button>
        <Button
          type="button"
          variant="secondary"
          block
          busy={answer.pending?.verb === 'decline'}
          disabled={answer.busy}
          onClick={() => submit('decline')()}
        >
          Decline
        </Button>
      </Choices>
    </form>
  );
}

function Outcome({ view }: { view: PublicQuoteView }) {
  if (view.answer) {
    const { accepted, name, day } = view.answer;
    return (
      <Alert tone={accepted ? 'success' : 'info'}>
        {`${accepted ? 'Accepted' : 'Declined'} by ${name} on ${formatDate(day)}. ${sellerName(view)} has been told.`}
      </Alert>
    );
  }
  if (view.state === 'Expired') {
    return (
      <Alert tone="warning">
        {`This quote expired on ${formatDate(view.validUntil)}. Ask ${sellerName(view)} for a new one.`}
      </Alert>
    );
  }
  return <Alert tone="info">This quote was already turned into an invoice.</Alert>;
}

/**
 * A quote's customer page `/q/{token}` (issue 33): no sign-in and no way into the app. The quote as printed (its
 * parties and lines), its total and valid-until day, Download PDF, and the customer's answer.
 */
export function CustomerQuotePage() {
  const token = useParams().token ?? '';
  const view = useQuery(publicQuoteQuery(token));
  const quote = view.data;
  useEffect(() => {
    document.title = quote ? `Quote ${quote.number} from ${sellerName(quote)}` : 'Quote';
    const tag = document.createElement('meta');
    tag.name = 'robots';
    tag.content = 'noindex, nofollow';
    document.head.append(tag);
    return () => tag.remove();
  }, [quote]);

  if (view.isPending) {
    return (
      <Page>
        <Center>
          <Spinner label="Loading the quote" />
        </Center>
      </Page>
    );
  }
  if (view.isError || !quote) {
    return (
      <Page>
        <main>
          <Center>
            <h1>{view.isError ? 'The quote could not be loaded' : quoteMessages.linkNotValid}</h1>
            <p>
              {view.isError
                ? view.error.message
                : 'It may have been replaced by the sender. Ask them for a new link.'}
            </p>
          </Center>
        </main>
      </Page>
    );
  }
  const answerable = quote.state === 'Sent';
  return (
    <Page>
      <Top>
        <p>{sellerName(quote)}</p>
      </Top>
      <Main>
        <Card aria-labelledby="quote-heading">
          <h1 id="quote-heading">Quote {quote.number}</h1>
          <Parties>
            <div>
              <h3>From</h3>
              <p>
                {sellerName(quote)}
                {'\n'}
                {quote.seller.address}
                {'\n'}
                {quote.seller.email}
              </p>
            </div>
            <div>
              <h3>For</h3>
              <p>
                {quote.customer.companyName ? `${quote.customer.companyName}\n` : ''}
                {quote.customer.name}
                {'\n'}
                {quote.customer.address}
              </p>
            </div>
          </Parties>
          <Lines>
            <caption>
              <VisuallyHidden>What is quoted</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">Description</th>
                <th scope="col" className="number">
                  Qty
                </th>
                <th scope="col" className="number">
                  Unit price
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
                  <td className="number">{formatAmount(item.unitPrice, quote.currency)}</td>
                  <td className="number">{formatAmount(item.total, quote.currency)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={3}>Subtotal</td>
                <td className="number">{formatAmount(quote.subtotal, quote.currency)}</td>
              </tr>
              <tr>
                <td colSpan={3}>Tax</td>
                <td className="number">{formatAmount(quote.tax, quote.currency)}</td>
              </tr>
              <tr>
                <td colSpan={3}>Total</td>
                <td className="number">{formatAmount(quote.total, quote.currency)}</td>
              </tr>
            </tfoot>
          </Lines>
          {quote.notes && <p>{quote.notes}</p>}
          {quote.terms && <p>{quote.terms}</p>}
        </Card>
        <Side>
          <Card aria-labelledby="total-heading">
            <h2 id="total-heading">Total</h2>
            <Due>{formatAmount(quote.total, quote.currency)}</Due>
            <p>
              <QuoteStateBadge state={quote.state} />
            </p>
            <Dates>
              <dt>Valid until</dt>
              <dd>{formatDate(quote.validUntil)}</dd>
              <dt>Issued</dt>
              <dd>{formatDate(quote.issueDate)}</dd>
            </Dates>
            <Download href={`${publicQuotePath(token)}/pdf`} download>
              Download PDF
            </Download>
          </Card>
          <Card>{answerable ? <AnswerForm token={token} view={quote} /> : <Outcome view={quote} />}</Card>
        </Side>
      </Main>
    </Page>
  );
}
