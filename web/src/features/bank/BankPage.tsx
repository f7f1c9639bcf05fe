import { type BankImportAnswer, type BankTransactionState, bankTransactionStates } from '@remit/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { bankCsvMappingQuery, bankTransactionsQuery, importStatement } from '../../api/bank';
import { useCommand } from '../../api/command';
import { errorMessage } from '../../api/errors';
import { invalidateAfter } from '../../api/invalidation';
import { EmptyState, icons, LineIcon } from '../../components/EmptyState';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Page } from '../../layout/Page';
import { Loading } from '../clients/parts';
import { CsvMappingModal } from './CsvMappingModal';
import { Filters, List, stateLabels, Toolbar } from './parts';
import { TransactionRow } from './TransactionRow';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** What an import did, in a sentence the owner can act on. */
function importSummary(answer: BankImportAnswer): string {
  if (answer.imported === 0) {
    return answer.duplicates > 0
      ? `Nothing new: ${plural(answer.duplicates, 'transaction was', 'transactions were')} imported before.`
      : 'The statement has no incoming payments.';
  }
  const parts = [
    `${plural(answer.matched, 'invoice')} marked paid`,
    `${answer.suggested} to confirm`,
    `${answer.unmatched} without a match`,
  ];
  const skipped = answer.duplicates > 0 ? ` ${answer.duplicates} imported before were skipped.` : '';
  return `Imported ${plural(answer.imported, 'incoming payment')}: ${parts.join(', ')}.${skipped}`;
}

const emptyText: Record<BankTransactionState, string> = {
  suggested:
    'Nothing to confirm. Payments that name an invoice and its exact balance are marked paid by themselves.',
  unmatched: 'No incoming payment is left without a suggestion.',
  matched: 'No payment was matched to an invoice yet.',
  ignored: 'You have not ignored any transaction.',
};

/** `/bank` (issue 31): import a statement, then confirm or ignore what it could not apply by itself. */
export function BankPage() {
  const [state, setState] = useState<BankTransactionState>('suggested');
  const [mapping, setMapping] = useState(false);
  const [result, setResult] = useState<BankImportAnswer | null>(null);
  const inputId = useId();
  const queryClient = useQueryClient();
  const transactions = useQuery(bankTransactionsQuery(state));
  const csvMapping = useQuery(bankCsvMappingQuery);
  const upload = useCommand({
    send: (file: File, key) => importStatement(file, key),
    onSuccess: async (answer) => {
      setResult(answer);
      await invalidateAfter(queryClient, 'bank');
      if (answer.suggested > 0) setState('suggested');
      else if (answer.unmatched > 0) setState('unmatched');
      else if (answer.matched > 0) setState('matched');
    },
  });
  const rows = transactions.data;
  return (
    <Page
      title="Bank"
      description="Import your bank statement: payments naming an invoice and its exact balance are marked paid; the rest waits here for you."
      actions={
        <Toolbar>
          <input
            id={inputId}
            type="file"
            accept=".xml,.sta,.mt940,.txt,.csv,text/xml,application/xml,text/csv,text/plain"
            disabled={upload.busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) upload.run(file);
            }}
          />
          <label className="pick" htmlFor={inputId}>
            {upload.busy ? 'Importing…' : 'Import statement'}
          </label>
          <Button variant="secondary" onClick={() => setMapping(true)}>
            CSV columns
          </Button>
        </Toolbar>
      }
    >
      <div aria-live="polite">
        {upload.busy && <Loading label="Reading the statement..." />}
        {!upload.busy && upload.error && (
          <Alert tone="error">{errorMessage(upload.error, 'The statement could not be imported')}</Alert>
        )}
        {!upload.busy && !upload.error && result && <Alert tone="success">{importSummary(result)}</Alert>}
      </div>
      <Filters role="group" aria-label="Show transactions">
        {bankTransactionStates.map((option) => (
          <button key={option} type="button" aria-pressed={state === option} onClick={() => setState(option)}>
            {stateLabels[option]}
          </button>
        ))}
      </Filters>
      {transactions.isPending ? (
        <Loading label="Loading transactions..." />
      ) : transactions.isError && !rows ? (
        <Alert tone="error">
          Your bank transactions could not be loaded.{' '}
          <Button variant="ghost" onClick={() => void transactions.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !rows || rows.length === 0 ? (
        <EmptyState icon={<LineIcon d={icons.card} />} title={`${stateLabels[state]}: none`}>
          {emptyText[state]} Import a CAMT.053, MT940 or CSV file from your bank to begin.
        </EmptyState>
      ) : (
        <List
          aria-label={`${stateLabels[state]} transactions`}
          aria-busy={transactions.isFetching || undefined}
        >
          {rows.map((transaction) => (
            <TransactionRow key={transaction.id} transaction={transaction} />
          ))}
        </List>
      )}
      {mapping && <CsvMappingModal mapping={csvMapping.data ?? null} onClose={() => setMapping(false)} />}
    </Page>
  );
}
