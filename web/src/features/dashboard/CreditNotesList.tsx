import type { CreditNoteListEntry } from '@remit/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { creditNotesQuery } from '../../api/creditNotes';
import { EmptyState, icons, LineIcon } from '../../components/EmptyState';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { PageSpinner } from '../../components/ui/Spinner';
import { formatAmount, formatDate } from '../../lib/format';
import { Actions, Figures, List, Primary, Row } from '../clients/parts';
import { DownloadMenu } from './DownloadMenu';
import { Pagination } from './Pagination';
import { SendCreditNoteDialog } from './SendCreditNoteDialog';
import { useCreditNoteDownloads } from './useCreditNoteDownloads';

/** Credit notes as rows (issue 27): number, the invoice each corrects, why, the amount, and its files. */
export function CreditNoteRows({
  creditNotes,
  showCustomer = true,
}: {
  creditNotes: CreditNoteListEntry[];
  showCustomer?: boolean;
}) {
  const files = useCreditNoteDownloads();
  const [sending, setSending] = useState<CreditNoteListEntry | null>(null);
  return (
    <>
      <List aria-label="Credit notes">
        {creditNotes.map((note) => (
          <li key={note.id}>
            <Row>
              <Primary>
                <strong>{note.number}</strong>
                <span>
                  Corrects {note.invoiceNumber}
                  {showCustomer && note.customerName ? ` · ${note.customerName}` : ''} · issued{' '}
                  {formatDate(note.issueDate)}
                </span>
                <span>{note.reason}</span>
              </Primary>
              <Figures>
                <strong>−{formatAmount(note.total, note.currency)}</strong>
                <span>{note.full ? 'Cancellation' : 'Partial credit'}</span>
              </Figures>
              <Actions>
                <Button
                  variant="secondary"
                  aria-label={`Send credit note ${note.number}`}
                  onClick={() => setSending(note)}
                >
                  Send
                </Button>
                <DownloadMenu
                  number={note.number}
                  kind="credit note"
                  busy={files.pendingId === note.id}
                  onPdf={() => files.download({ id: note.id, number: note.number, format: 'pdf' })}
                  onXml={() => files.download({ id: note.id, number: note.number, format: 'xml' })}
                />
              </Actions>
            </Row>
          </li>
        ))}
      </List>
      {sending && <SendCreditNoteDialog creditNote={sending} onClose={() => setSending(null)} />}
    </>
  );
}

/** The dashboard's 'Credit notes' filter (issue 27): every credit note, newest first, searchable, 20 a page. */
export function CreditNotesList({ search }: { search: string }) {
  const [page, setPage] = useState(1);
  const [searched, setSearched] = useState(search);
  if (searched !== search) {
    setSearched(search);
    setPage(1);
  }
  const query = useQuery(creditNotesQuery(page, search));
  if (query.isPending) return <PageSpinner label="Loading credit notes..." />;
  if (!query.data)
    return (
      <Alert tone="error">
        Your credit notes could not be loaded.{' '}
        <Button variant="ghost" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  const { creditNotes, total, pageSize } = query.data;
  if (creditNotes.length === 0)
    return (
      <EmptyState icon={<LineIcon d={icons.invoice} />} title="No credit notes">
        {search
          ? 'No credit note matches your search.'
          : 'A credit note corrects an invoice that was sent. Open an invoice and choose Issue credit note in its Payments tab.'}
      </EmptyState>
    );
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      <CreditNoteRows creditNotes={creditNotes} />
      {totalPages > 1 && (
        <Pagination
          page={page}
          totalPages={totalPages}
          canPrevious={page > 1}
          canNext={page < totalPages}
          onPrevious={() => setPage(page - 1)}
          onNext={() => setPage(page + 1)}
        />
      )}
    </>
  );
}
