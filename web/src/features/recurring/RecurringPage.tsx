import type { RecurringProfileAnswer } from '@remit/contracts';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { recurringListQuery } from '../../api/recurring';
import { EmptyState, icons, LineIcon } from '../../components/EmptyState';
import { Alert } from '../../components/ui/Alert';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Badge } from '../../components/ui/Card';
import { Page } from '../../layout/Page';
import { formatAmount, formatDate } from '../../lib/format';
import { Figures, List, Loading, Primary, RowLink } from '../clients/parts';
import { modeText, scheduleText, statusText } from './describe';

// The row's spans are its lines (display: block); the status badge stays a badge beside the name.
const Status = styled(Badge)`
  && { display: inline-block; margin: 0 0 0 6px; vertical-align: 2px; }
`;

function ProfileRow({ profile }: { profile: RecurringProfileAnswer }) {
  const { preview, lastInvoice } = profile;
  const tone = profile.status === 'active' ? 'success' : profile.status === 'paused' ? 'warning' : 'neutral';
  return (
    <li>
      <RowLink to={`/recurring/${encodeURIComponent(profile.id)}`}>
        <Primary>
          <strong>
            {profile.customerName || profile.customerEmail}{' '}
            <Status $tone={tone}>{statusText(profile.status)}</Status>
          </strong>
          <span>
            {scheduleText(profile)} · {modeText(profile.mode)}
          </span>
          <span>
            {lastInvoice
              ? `Last invoice ${lastInvoice.number} on ${formatDate(lastInvoice.issueDate)}`
              : 'No invoice yet'}
          </span>
        </Primary>
        <Figures>
          <strong>{formatAmount(profile.total, profile.currency)}</strong>
          <span>
            {profile.status === 'ended' || !profile.nextRun
              ? 'No more runs'
              : profile.status === 'paused'
                ? `Paused · next would be ${formatDate(profile.nextRun)}`
                : `Next run ${formatDate(profile.nextRun)}`}
          </span>
          {preview && profile.status === 'active' && (
            <span>
              Next: {preview.number}, due {formatDate(preview.dueDate)}
            </span>
          )}
        </Figures>
      </RowLink>
    </li>
  );
}

/** `/recurring` (issue 33): the recurring invoices with their next run, last invoice and a preview of the next. */
export function RecurringPage() {
  const query = useQuery(recurringListQuery);
  const profiles = query.data;
  return (
    <Page
      title="Recurring"
      description="Invoices that issue themselves on a schedule, and send themselves if you want."
      actions={<ButtonLink to="/recurring/new">New recurring invoice</ButtonLink>}
    >
      {query.isPending ? (
        <Loading label="Loading recurring invoices..." />
      ) : query.isError && !profiles ? (
        <Alert tone="error">
          Your recurring invoices could not be loaded.{' '}
          <Button variant="ghost" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !profiles || profiles.length === 0 ? (
        <EmptyState
          icon={<LineIcon d={icons.invoice} />}
          title="No recurring invoices yet"
          actions={<ButtonLink to="/recurring/new">New recurring invoice</ButtonLink>}
        >
          Bill a retainer or a subscription every week, month, quarter or year. Start from a new invoice, or
          open an invoice on the dashboard and choose 'Make recurring'.
        </EmptyState>
      ) : (
        <List aria-label="Recurring invoices" aria-busy={query.isFetching || undefined}>
          {profiles.map((profile) => (
            <ProfileRow key={profile.id} profile={profile} />
          ))}
        </List>
      )}
    </Page>
  );
}
