import { fill, type PublicQuoteView, quoteMessages, quoteResponseSchema } from '@remit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { useCommand } from '../../api/command';
import { invalidateAfter } from '../../api/invalidation';
import { answerQuote } from '../../api/quotes';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { answerErrorText, type QuoteWords, sellerName } from './customer-quote-words';

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

/** The schema's message for the name, said in the quote's language (the schema's own words are English). */
function nameErrorOf(name: string, words: QuoteWords): string | undefined {
  const parsed = quoteResponseSchema.shape.name.safeParse(name);
  if (parsed.success) return undefined;
  const tooLong = parsed.error.issues.some((issue) => issue.message === quoteMessages.nameTooLong);
  return tooLong ? words.t.nameTooLong : words.t.nameRequired;
}

/** The customer's answer: name, optional note, Accept or Decline; each press one POST (useCommand). */
export function AnswerForm({
  token,
  view,
  words,
}: {
  token: string;
  view: PublicQuoteView;
  words: QuoteWords;
}) {
  const { t } = words;
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
    const error = nameErrorOf(name, words);
    setNameError(error);
    if (error) return;
    answer.run({ verb, name, note });
  };
  return (
    <form onSubmit={submit('accept')} aria-labelledby="answer-heading" noValidate>
      <h2 id="answer-heading">{t.yourAnswer}</h2>
      <p>{fill(t.answerLead, { seller: sellerName(view) })}</p>
      <TextField
        label={t.yourName}
        name="name"
        autoComplete="name"
        onBlur={() => undefined}
        value={name}
        maxLength={100}
        error={nameError}
        onChange={(event) => setName(event.target.value)}
      />
      <NoteField>
        <label htmlFor="quote-note">{t.note}</label>
        <textarea
          id="quote-note"
          value={note}
          maxLength={1000}
          aria-describedby="quote-note-hint"
          onChange={(event) => setNote(event.target.value)}
        />
        <small id="quote-note-hint">{fill(t.charactersLeft, { count: 1000 - note.length })}</small>
      </NoteField>
      {answer.error && <Alert tone="error">{answerErrorText(answer.error, words, view)}</Alert>}
      <Choices>
        <Button type="submit" block busy={answer.pending?.verb === 'accept'} disabled={answer.busy}>
          {t.accept}
        </Button>
        <Button
          type="button"
          variant="secondary"
          block
          busy={answer.pending?.verb === 'decline'}
          disabled={answer.busy}
          onClick={() => submit('decline')()}
        >
          {t.decline}
        </Button>
      </Choices>
    </form>
  );
}

/** What the page says once the quote can no longer be answered: the answer given, its day passed, or invoiced. */
export function Outcome({ view, words }: { view: PublicQuoteView; words: QuoteWords }) {
  const { t } = words;
  const seller = sellerName(view);
  if (view.answer) {
    const { accepted, name, day } = view.answer;
    return (
      <Alert tone={accepted ? 'success' : 'info'}>
        {fill(accepted ? t.acceptedBy : t.declinedBy, { name, date: words.date(day), seller })}
      </Alert>
    );
  }
  if (view.state === 'Expired') {
    return <Alert tone="warning">{fill(t.expired, { date: words.date(view.validUntil), seller })}</Alert>;
  }
  return <Alert tone="info">{t.invoiced}</Alert>;
}
