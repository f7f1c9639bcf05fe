import {
  type CsvDelimiter,
  type ExportKind,
  exportQuerySchema,
  type TableFormat,
  tableExportKinds,
} from '@remit/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { errorMessage } from '../../api/errors';
import { downloadExport } from '../../api/exports';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Page } from '../../layout/Page';
import { saveBlob } from '../../lib/saveBlob';
import { localToday, type PeriodChoice, periodChoices, periodLabel, periodOf } from './periods';

const kinds: { value: ExportKind; label: string; hint: string }[] = [
  {
    value: 'invoices',
    label: 'Invoices and credit notes',
    hint: 'One row per document and VAT rate: net, VAT, gross, status, customer and VAT ID.',
  },
  { value: 'payments', label: 'Payments', hint: 'Payments received and refunds paid in the period.' },
  { value: 'clients', label: 'Clients', hint: 'Your client list with addresses and VAT IDs.' },
  {
    value: 'datev',
    label: 'DATEV',
    hint: "Buchungsstapel (EXTF 700) for your tax advisor's DATEV, one booking per document and VAT rate.",
  },
  {
    value: 'archive',
    label: 'Archive (ZIP)',
    hint: 'Every PDF and e-invoice, the CSVs and a manifest of SHA-256 checksums with the log’s chain head.',
  },
];

const Panel = styled(Card)`
  max-width: 840px;
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const Group = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;

  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.md};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    color: ${({ theme }) => theme.colors.ink};
  }
`;

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const Chip = styled.label`
  position: relative;
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  cursor: pointer;

  input { position: absolute; opacity: 0; inset: 0; margin: 0; cursor: pointer; }
  &:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.brand};
    background: ${({ theme }) => theme.colors.brandSoft};
    color: ${({ theme }) => theme.colors.brandText};
  }
  &:has(input:focus-visible) { box-shadow: ${({ theme }) => theme.shadows.focus}; }
`;

const Options = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const Option = styled.label`
  display: grid;
  grid-template-columns: 20px 1fr;
  gap: 2px ${({ theme }) => theme.space.sm};
  align-items: start;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  cursor: pointer;

  input { grid-row: 1 / span 2; width: 18px; height: 18px; margin: 2px 0 0; accent-color: ${({ theme }) => theme.colors.brand}; }
  strong { color: ${({ theme }) => theme.colors.ink}; font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
  span { color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  &:has(input:checked) { border-color: ${({ theme }) => theme.colors.brand}; background: ${({ theme }) => theme.colors.brandSoft}; }
`;

const Dates = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.sm};

  label { display: flex; flex-direction: column; gap: 6px; font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: ${({ theme }) => theme.fontWeights.medium}; }
  input {
    min-height: 44px;
    padding: 0 ${({ theme }) => theme.space.sm};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radii.md};
    font: inherit;
    color: ${({ theme }) => theme.colors.ink};
    background: ${({ theme }) => theme.colors.surface};
  }
`;

const Summary = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  strong { color: ${({ theme }) => theme.colors.ink}; }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
`;

type Download =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'done'; fileName: string; chainLink: string | null }
  | { state: 'error'; message: string };

/** `/export` (issue 32): the owner's records of a period for their accountant or an auditor. */
export function ExportPage() {
  const today = localToday();
  const [choice, setChoice] = useState<PeriodChoice>('last-quarter');
  const [custom, setCustom] = useState(() => periodOf('this-month', today));
  const [kind, setKind] = useState<ExportKind>('invoices');
  const [format, setFormat] = useState<TableFormat>('csv');
  const [delimiter, setDelimiter] = useState<CsvDelimiter>(';');
  const [download, setDownload] = useState<Download>({ state: 'idle' });
  const statusId = useId();
  const hintId = useId();

  const period = choice === 'custom' ? custom : periodOf(choice, today);
  const isTable = (tableExportKinds as readonly string[]).includes(kind);
  const query = {
    kind,
    ...period,
    ...(isTable ? { format } : {}),
    ...(isTable && format === 'csv' ? { delimiter } : {}),
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (download.state === 'loading') return;
    const checked = exportQuerySchema.safeParse(query);
    if (!checked.success) {
      setDownload({ state: 'error', message: checked.error.issues[0]?.message ?? 'Check the period' });
      return;
    }
    setDownload({ state: 'loading' });
    try {
      const file = await downloadExport(checked.data);
      saveBlob(file.blob, file.fileName);
      setDownload({ state: 'done', fileName: file.fileName, chainLink: file.chainLink });
    } catch (error) {
      setDownload({
        state: 'error',
        message: errorMessage(error, 'The export could not be made. Try again.'),
      });
    }
  };

  const change =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      if (download.state !== 'loading') setDownload({ state: 'idle' });
    };

  return (
    <Page title="Export" description="Your records of a period, for your accountant or an auditor.">
      <Panel>
        <Form onSubmit={submit} noValidate aria-describedby={statusId}>
          <Group>
            <legend>Period</legend>
            <Chips>
              {periodChoices.map((option) => (
                <Chip key={option.value}>
                  <input
                    type="radio"
                    name="period"
                    value={option.value}
                    checked={choice === option.value}
                    onChange={() => change(setChoice)(option.value)}
                  />
                  {option.label}
                </Chip>
              ))}
            </Chips>
            {choice === 'custom' && (
              <Dates>
                <label>
                  From
                  <input
                    type="date"
                    value={custom.from}
                    onChange={(event) => change(setCustom)({ ...custom, from: event.target.value })}
                  />
                </label>
                <label>
                  To
                  <input
                    type="date"
                    value={custom.to}
                    onChange={(event) => change(setCustom)({ ...custom, to: event.target.value })}
                  />
                </label>
              </Dates>
            )}
          </Group>

          <Group>
            <legend>What to export</legend>
            <Options>
              {kinds.map((option) => (
                <Option key={option.value}>
                  <input
                    type="radio"
                    name="kind"
                    value={option.value}
                    checked={kind === option.value}
                    aria-label={option.label}
                    aria-describedby={`${hintId}-${option.value}`}
                    onChange={() => change(setKind)(option.value)}
                  />
                  <strong>{option.label}</strong>
                  <span id={`${hintId}-${option.value}`}>{option.hint}</span>
                </Option>
              ))}
            </Options>
          </Group>

          {isTable && (
            <Group>
              <legend>Format</legend>
              <Chips>
                {(
                  [
                    ['csv', 'CSV'],
                    ['xlsx', 'Excel (XLSX)'],
                  ] as const
                ).map(([value, label]) => (
                  <Chip key={value}>
                    <input
                      type="radio"
                      name="format"
                      value={value}
                      checked={format === value}
                      onChange={() => change(setFormat)(value)}
                    />
                    {label}
                  </Chip>
                ))}
              </Chips>
            </Group>
          )}
          {isTable && format === 'csv' && (
            <Group>
              <legend>CSV separator</legend>
              <Chips>
                {(
                  [
                    [';', 'Semicolon ; with decimal commas'],
                    [',', 'Comma , with decimal points'],
                  ] as const
                ).map(([value, label]) => (
                  <Chip key={value}>
                    <input
                      type="radio"
                      name="delimiter"
                      value={value}
                      checked={delimiter === value}
                      onChange={() => change(setDelimiter)(value)}
                    />
                    {label}
                  </Chip>
                ))}
              </Chips>
            </Group>
          )}
          {kind === 'datev' && (
            <Summary>
              Consultant and client number, fiscal year and accounts come from{' '}
              <Link to="/profile#accounting">Accounting (DATEV) in your profile</Link>.
            </Summary>
          )}

          <Footer>
            <Summary>
              Period: <strong>{periodLabel(period.from, period.to)}</strong>
            </Summary>
            <Button type="submit" busy={download.state === 'loading'}>
              {download.state === 'loading' ? 'Preparing…' : 'Download'}
            </Button>
          </Footer>
          <div id={statusId} aria-live="polite">
            {download.state === 'error' && <Alert tone="error">{download.message}</Alert>}
            {download.state === 'done' && (
              <Alert tone="success">
                Downloaded {download.fileName}
                {download.chainLink ? ` (the log as of link ${download.chainLink})` : ''}.
              </Alert>
            )}
          </div>
        </Form>
      </Panel>
    </Page>
  );
}
