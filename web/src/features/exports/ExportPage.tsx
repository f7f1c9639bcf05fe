import {
  type CsvDelimiter,
  type ExportKind,
  exportQuerySchema,
  type TableFormat,
  tableExportKinds,
} from '@remit/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../api/errors';
import { downloadExport } from '../../api/exports';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Page } from '../../layout/Page';
import { saveBlob } from '../../lib/saveBlob';
import { ChipGroup } from './ChipGroup';
import { localToday, type PeriodChoice, periodChoices, periodLabel, periodOf } from './periods';
import { Dates, Footer, Form, Group, Option, Options, Panel, Summary } from './styles';

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
    hint: "Buchungsstapel (EXTF 700) for your tax advisor's DATEV: each document per VAT rate, and the payments received.",
  },
  {
    value: 'archive',
    label: 'Archive (ZIP)',
    hint: 'Every PDF and e-invoice, the CSVs and a manifest of SHA-256 checksums with the log’s chain head.',
  },
];

const formats: { value: TableFormat; label: string }[] = [
  { value: 'csv', label: 'CSV' },
  { value: 'xlsx', label: 'Excel (XLSX)' },
];

const delimiters: { value: CsvDelimiter; label: string }[] = [
  { value: ';', label: 'Semicolon ; with decimal commas' },
  { value: ',', label: 'Comma , with decimal points' },
];

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
            <ChipGroup name="period" options={periodChoices} value={choice} onChange={change(setChoice)} />
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
              <ChipGroup name="format" options={formats} value={format} onChange={change(setFormat)} />
            </Group>
          )}
          {isTable && format === 'csv' && (
            <Group>
              <legend>CSV separator</legend>
              <ChipGroup
                name="delimiter"
                options={delimiters}
                value={delimiter}
                onChange={change(setDelimiter)}
              />
            </Group>
          )}
          {kind === 'datev' && (
            <Summary>
              Consultant and client number, fiscal year and accounts come from{' '}
              <Link to="/profile#accounting">Accounting (DATEV) in your profile</Link>. Documents and payments
              in a currency other than EUR are not in this file (DATEV needs the day's exchange rate); they
              are in the CSV, XLSX and archive exports.
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
