import { CsvError, type CsvTable, currencies, readCsv } from '@remit/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { clientsQuery, importRows } from '../../api/clients';
import { useCommand } from '../../api/command';
import { errorMessage } from '../../api/errors';
import { invalidateAfter } from '../../api/invalidation';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { formatCount } from '../../lib/format';
import { logError } from '../../lib/log';
import { useToast } from '../toasts/ToastProvider';
import {
  type ColumnMapping,
  guessMapping,
  type ImportKind,
  type PreviewRow,
  previewClients,
  previewItems,
  targetFields,
} from './csvImport';
import { ImportPreview } from './ImportPreview';

const Mapping = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  @media (min-width: 640px) { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  label { display: flex; flex-direction: column; gap: 2px; font-size: ${({ theme }) => theme.fontSizes.xs}; font-weight: ${({ theme }) => theme.fontWeights.medium}; color: ${({ theme }) => theme.colors.muted}; }
  select { min-height: 36px; padding: 0 ${({ theme }) => theme.space.xs}; border: 1px solid ${({ theme }) => theme.colors.borderStrong}; border-radius: ${({ theme }) => theme.radii.md}; background: ${({ theme }) => theme.colors.surface}; color: ${({ theme }) => theme.colors.ink}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const FilePicker = styled.input`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
  &::file-selector-button {
    margin-right: ${({ theme }) => theme.space.sm};
    min-height: 40px;
    padding: 0 ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.ink};
    font: inherit;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    cursor: pointer;
  }
`;

const Steps = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  h3 { font-size: ${({ theme }) => theme.fontSizes.md}; }
  p { color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const noun = { clients: ['client', 'clients'], items: ['item', 'items'] } as const;
const count = (kind: ImportKind, n: number) => `${formatCount(n)} ${noun[kind][n === 1 ? 0 : 1]}`;

/**
 * CSV import (issue 29, item 4; D-187): pick a file, map its columns, see per row what will be created and what
 * is refused and why, then confirm. Nothing is written before the confirmation, and then in one command.
 */
export function ImportDialog({ kind, onClose }: { kind: ImportKind; onClose: () => void }) {
  // Every client (not the searched list): a row whose e-mail is already a client's is refused.
  const everyClient = useQuery({ ...clientsQuery(''), enabled: kind === 'clients' });
  const existingEmails = useMemo(
    () => new Set((everyClient.data ?? []).map((client) => client.email).filter(Boolean)),
    [everyClient.data],
  );
  const toast = useToast();
  const queryClient = useQueryClient();
  const [table, setTable] = useState<CsvTable | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [currency, setCurrency] = useState('EUR');
  const preview: PreviewRow<unknown>[] = useMemo(() => {
    if (!table) return [];
    return kind === 'clients'
      ? previewClients(table, mapping, existingEmails)
      : previewItems(table, mapping, currency);
  }, [table, mapping, kind, existingEmails, currency]);
  const accepted = preview.filter((row) => row.problems.length === 0);
  const send = useCommand({
    send: (rows: unknown[], key) => importRows(kind, rows as never, key),
    onSuccess: async (answer) => {
      toast(`Imported ${count(kind, answer.imported)}`, { tone: 'success' });
      await invalidateAfter(queryClient, kind).catch((error) =>
        logError('reload after import failed', error),
      );
      onClose();
    },
  });

  async function pick(file: File | undefined) {
    if (!file) return;
    setFileError(null);
    try {
      const read = readCsv(new Uint8Array(await file.arrayBuffer()));
      setTable(read);
      setMapping(guessMapping(kind, read.header));
    } catch (error) {
      setTable(null);
      setFileError(error instanceof CsvError ? error.message : 'The file could not be read as CSV');
    }
  }

  return (
    <Modal
      wide
      title={kind === 'clients' ? 'Import clients' : 'Import items'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            busy={send.busy}
            disabled={send.busy || accepted.length === 0}
            onClick={() => send.run(accepted.map((row) => row.input))}
          >
            {accepted.length === 0 ? 'Import' : `Import ${count(kind, accepted.length)}`}
          </Button>
        </>
      }
    >
      <Steps>
        <div>
          <h3>1. Choose a CSV file</h3>
          <p>UTF-8 or Windows-1252, separated by commas or semicolons, with a header row.</p>
          <FilePicker
            type="file"
            aria-label="Choose a CSV file"
            accept=".csv,text/csv"
            onChange={(event) => void pick(event.target.files?.[0])}
          />
        </div>
        {fileError && <Alert tone="error">{fileError}</Alert>}
        {table && (
          <>
            <h3>2. Match the columns</h3>
            <p>
              {formatCount(table.rows.length)} rows, {table.encoding === 'utf-8' ? 'UTF-8' : 'Windows-1252'},
              separated by{' '}
              {table.delimiter === ';' ? 'semicolons' : table.delimiter === ',' ? 'commas' : 'tabs'}.
            </p>
            <Mapping>
              {targetFields[kind].map((field) => (
                <label key={field.key}>
                  {field.label}
                  <select
                    value={mapping[field.key] ?? -1}
                    onChange={(event) => setMapping({ ...mapping, [field.key]: Number(event.target.value) })}
                  >
                    <option value={-1}>Not in the file</option>
                    {table.header.map((name, column) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a column of the file is its position
                      <option key={column} value={column}>
                        {name || `Column ${column + 1}`}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
              {kind === 'items' && (
                <label>
                  Currency where the file has none
                  <select value={currency} onChange={(event) => setCurrency(event.target.value)}>
                    {[...new Set(currencies.map((entry) => entry.value))].map((code) => (
                      <option key={code} value={code}>
                        {code}
                      </option>
                    ))}
                  </select>
                </label>
              )}
            </Mapping>
            <h3>3. Check what will be imported</h3>
            <ImportPreview rows={preview} created={accepted.length} noun={noun[kind][1]} />
          </>
        )}
        {send.error && (
          <Alert tone="error">{errorMessage(send.error, 'The import failed; nothing was imported.')}</Alert>
        )}
      </Steps>
    </Modal>
  );
}
