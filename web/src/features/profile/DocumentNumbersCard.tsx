import {
  type DocumentSeries,
  documentKindLabels,
  documentSeriesInputSchema,
  formatDocumentNumber,
} from '@remit/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { useCommand } from '../../api/command';
import { documentSeriesQuery, saveDocumentSeries } from '../../api/creditNotes';
import { ApiError, errorMessage } from '../../api/errors';
import { invalidateAfter } from '../../api/invalidation';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { useToast } from '../toasts/ToastProvider';
import { ProfileCard } from './parts';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  & + & { margin-top: ${({ theme }) => theme.space.md}; padding-top: ${({ theme }) => theme.space.md}; border-top: 1px solid ${({ theme }) => theme.colors.border}; }
  h3 { font-size: ${({ theme }) => theme.fontSizes.md}; font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
`;

const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  p { color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  strong { color: ${({ theme }) => theme.colors.ink}; font-variant-numeric: tabular-nums; }
`;

const Intro = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  margin-bottom: ${({ theme }) => theme.space.sm};
`;

/** One series: its prefix and next number, with the number the next document will get as it is typed. */
function SeriesForm({ series }: { series: DocumentSeries }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [prefix, setPrefix] = useState(series.prefix);
  const [nextNumber, setNextNumber] = useState(String(series.nextNumber));
  const [errors, setErrors] = useState<{ prefix?: string; nextNumber?: string; form?: string }>({});
  const label = documentKindLabels[series.kind];
  const save = useCommand({
    send: (input: { prefix: string; nextNumber: number }, key) => saveDocumentSeries(series.kind, input, key),
    onSuccess: async (answer) => {
      toast(`${label}: the next one will be ${answer.next}`, { tone: 'success' });
      await invalidateAfter(queryClient, 'documentSeries');
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      else setErrors({ form: errorMessage(error, 'The numbering could not be saved. Try again.') });
    },
  });
  const checked = documentSeriesInputSchema.safeParse({ prefix, nextNumber });
  const preview = checked.success ? formatDocumentNumber(checked.data.prefix, checked.data.nextNumber) : null;
  const unchanged =
    checked.success && checked.data.prefix === series.prefix && checked.data.nextNumber === series.nextNumber;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!checked.success) {
      const fields: Record<string, string> = {};
      for (const issue of checked.error.issues) fields[String(issue.path[0])] ??= issue.message;
      setErrors(fields);
      return;
    }
    setErrors({});
    save.run(checked.data);
  };
  const headingId = useId();
  return (
    <Form onSubmit={submit} aria-labelledby={headingId} noValidate>
      <h3 id={headingId}>{label}</h3>
      <Fields>
        <TextField
          label="Prefix"
          name="prefix"
          value={prefix}
          onBlur={() => undefined}
          maxLength={12}
          autoComplete="off"
          spellCheck={false}
          error={errors.prefix}
          onChange={(event) => {
            setPrefix(event.target.value);
            setErrors({});
          }}
        />
        <TextField
          label="Next number"
          name="nextNumber"
          inputMode="numeric"
          onBlur={() => undefined}
          value={nextNumber}
          error={errors.nextNumber}
          onChange={(event) => {
            setNextNumber(event.target.value);
            setErrors({});
          }}
        />
      </Fields>
      {errors.form && <Alert tone="error">{errors.form}</Alert>}
      <Footer>
        <p>
          Next: <strong>{preview ?? '—'}</strong>
          {series.last ? (
            <>
              {' '}
              · last given <strong>{series.last}</strong>
            </>
          ) : null}
        </p>
        <Button type="submit" variant="secondary" busy={save.busy} disabled={unchanged}>
          Save numbering
        </Button>
      </Footer>
    </Form>
  );
}

/**
 * 'Document numbers' on /profile (issue 27 item 1): the prefix and next number of each series Remit numbers itself.
 * Invoices keep the number typed in the wizard; a series never gives a number twice.
 */
export function DocumentNumbersCard() {
  const titleId = useId();
  const query = useQuery(documentSeriesQuery);
  return (
    <ProfileCard title="Document numbers" titleId={titleId}>
      <Intro>Numbers follow each other without gaps and are never given twice.</Intro>
      {query.data ? (
        query.data.map((series) => (
          <SeriesForm key={`${series.kind}-${series.prefix}-${series.nextNumber}`} series={series} />
        ))
      ) : query.isError ? (
        <Alert tone="error">Your document numbers could not be loaded.</Alert>
      ) : (
        <Intro>Loading…</Intro>
      )}
    </ProfileCard>
  );
}
