import { fill } from '@remit/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { publicQuotePath, publicQuoteQuery } from '../../api/quotes';
import { VisuallyHidden } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { AnswerForm, Outcome } from './CustomerQuoteAnswer';
import { Card, Center, Dates, Download, Due, Main, Page, Side, Top } from './customer-page-styles';
import { browserLanguage, quoteWords, sellerName } from './customer-quote-words';
import { QuoteStateBadge } from './parts';

const Lines = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th, td { padding: ${({ theme }) => theme.space.xs} 0; text-align: left; vertical-align: top; }
  th { color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  td { border-top: 1px solid ${({ theme }) => theme.colors.border}; overflow-wrap: anywhere; hyphens: auto; }
  .number { text-align: right; padding-left: ${({ theme }) => theme.space.sm}; white-space: nowrap; }
  /* A long heading ("Prix unitaire HT", "Einzelpreis") wraps on a phone rather than push the amounts out. */
  th.number { white-space: normal; overflow-wrap: normal; }
  tfoot td { font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
  @media (max-width: 480px) {
    td { font-size: ${({ theme }) => theme.fontSizes.sm}; }
    .number { padding-left: ${({ theme }) => theme.space.xs}; }
  }
`;

const Parties = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.md};
  h3 { margin: 0; font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.muted}; }
  p { white-space: pre-line; overflow-wrap: anywhere; }
`;

/**
 * A quote's customer page `/q/{token}` (issue 33): no sign-in and no way into the app. The quote as printed (its
 * parties and lines), its total and valid-until day, Download PDF, and the customer's answer.
 */
export function CustomerQuotePage() {
  const token = useParams().token ?? '';
  const view = useQuery(publicQuoteQuery(token));
  const quote = view.data;
  // The quote's language once it is read; until then (or for a dead link) the browser's, if it is one of the six.
  const language = quote?.language ?? browserLanguage();
  const words = useMemo(() => quoteWords(language, quote?.currency), [language, quote?.currency]);
  const { t, document: labels } = words;
  useEffect(() => {
    document.title = quote
      ? fill(t.title, { number: quote.number, seller: sellerName(quote) })
      : labels.quote;
    const root = document.documentElement;
    const appLanguage = root.lang;
    root.lang = language;
    const tag = document.createElement('meta');
    tag.name = 'robots';
    tag.content = 'noindex, nofollow';
    document.head.append(tag);
    return () => {
      tag.remove();
      root.lang = appLanguage;
    };
  }, [quote, language, t, labels]);

  if (view.isPending) {
    return (
      <Page>
        <Center>
          <Spinner label={t.loading} />
        </Center>
      </Page>
    );
  }
  if (view.isError || !quote) {
    return (
      <Page>
        <main>
          <Center>
            <h1>{view.isError ? t.loadFailed : t.notValid}</h1>
            <p>
              {view.isError
                ? // The server's and the fetch's own words are English; another language says try again.
                  language === 'en'
                  ? view.error.message
                  : t.tryAgain
                : t.notValidHint}
            </p>
          </Center>
        </main>
      </Page>
    );
  }
  const answerable = quote.state === 'Sent';
  const seller = sellerName(quote);
  return (
    <Page>
      <Top>
        <p>{seller}</p>
      </Top>
      <Main>
        <Card aria-labelledby="quote-heading">
          <h1 id="quote-heading">{fill(t.heading, { number: quote.number })}</h1>
          <Parties>
            <div>
              <h3>{t.from}</h3>
              <p>
                {seller}
                {'\n'}
                {quote.seller.address}
                {'\n'}
                {quote.seller.email}
              </p>
            </div>
            <div>
              <h3>{t.for}</h3>
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
              <VisuallyHidden>{t.lines}</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">{labels.description}</th>
                <th scope="col" className="number">
                  {labels.quantity}
                </th>
                <th scope="col" className="number">
                  {labels.unitPrice}
                </th>
                <th scope="col" className="number">
                  {labels.amount}
                </th>
              </tr>
            </thead>
            <tbody>
              {quote.items.map((item, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a quote's lines never move; two may read alike
                <tr key={index}>
                  <td>{item.description}</td>
                  <td className="number">{words.quantity(item.quantity)}</td>
                  <td className="number">{words.money(item.unitPrice)}</td>
                  <td className="number">{words.money(item.total)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={3}>{labels.subtotal}</td>
                <td className="number">{words.money(quote.subtotal)}</td>
              </tr>
              <tr>
                <td colSpan={3}>{labels.tax}</td>
                <td className="number">{words.money(quote.tax)}</td>
              </tr>
              <tr>
                <td colSpan={3}>{labels.total}</td>
                <td className="number">{words.money(quote.total)}</td>
              </tr>
            </tfoot>
          </Lines>
          {quote.notes && <p>{quote.notes}</p>}
          {quote.terms && <p>{quote.terms}</p>}
        </Card>
        <Side>
          <Card aria-labelledby="total-heading">
            <h2 id="total-heading">{labels.total}</h2>
            <Due>{words.money(quote.total)}</Due>
            <p>
              <QuoteStateBadge state={quote.state} label={t.status[quote.state]} />
            </p>
            <Dates>
              <dt>{labels.validUntil}</dt>
              <dd>{words.date(quote.validUntil)}</dd>
              <dt>{t.issued}</dt>
              <dd>{words.date(quote.issueDate)}</dd>
            </Dates>
            <Download href={`${publicQuotePath(token)}/pdf`} download>
              {words.page.downloadPdf}
            </Download>
          </Card>
          <Card>
            {answerable ? (
              <AnswerForm token={token} view={quote} words={words} />
            ) : (
              <Outcome view={quote} words={words} />
            )}
          </Card>
        </Side>
      </Main>
    </Page>
  );
}
