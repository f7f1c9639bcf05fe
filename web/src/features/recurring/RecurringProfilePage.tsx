import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { useCommand } from '../../api/command';
import { ApiError, errorMessage } from '../../api/errors';
import { invalidateAfter } from '../../api/invalidation';
import { deleteRecurring, pauseOrResumeRecurring, recurringProfileQuery } from '../../api/recurring';
import { Alert } from '../../components/ui/Alert';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Badge, Card } from '../../components/ui/Card';
import { Modal } from '../../components/ui/Modal';
import { Page } from '../../layout/Page';
import { formatAmount, formatDate, formatDateTime } from '../../lib/format';
import { logError } from '../../lib/log';
import { Actions, Details, Figures, List, Loading, Muted, Primary, Row } from '../clients/parts';
import { useToast } from '../toasts/ToastProvider';
import { modeText, scheduleText, statusText } from './describe';

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; margin-bottom: ${({ theme }) => theme.space.md}; }
`;

const Back = styled(Link)`
  display: inline-block;
  margin-bottom: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Timeline = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  li { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 4px 16px; padding: ${({ theme }) => theme.space.xs} 0; }
  li + li { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
  time { color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

/** `/recurring/{id}` (issue 33): the profile, its next run, the invoices it issued and its history. */
export function RecurringProfilePage() {
  const id = useParams().id ?? '';
  const query = useQuery(recurringProfileQuery(id));
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const reload = () =>
    invalidateAfter(queryClient, 'recurring').catch((error) => logError('recurring reload failed', error));
  const toggle = useCommand({
    send: (action: 'pause' | 'resume', key) => pauseOrResumeRecurring(id, action, key),
    onSuccess: async (_answer, action) => {
      toast(action === 'pause' ? 'Recurring invoice paused' : 'Recurring invoice resumed', {
        tone: 'success',
      });
      await reload();
    },
  });
  const remove = useCommand({
    send: (_: undefined, key) => deleteRecurring(id, key),
    onSuccess: async () => {
      toast('Recurring invoice deleted', { tone: 'success' });
      await reload();
      navigate('/recurring');
    },
  });

  if (query.isPending) return <Loading label="Loading the recurring invoice..." />;
  if (!query.data) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Page title={missing ? 'Recurring invoice not found' : 'Recurring invoice'}>
        <Alert tone="error">
          {missing
            ? 'This recurring invoice does not exist or is not yours.'
            : 'The recurring invoice could not be loaded.'}{' '}
          <Link to="/recurring">Back to recurring invoices</Link>
        </Alert>
      </Page>
    );
  }
  const profile = query.data;
  const tone = profile.status === 'active' ? 'success' : profile.status === 'paused' ? 'warning' : 'neutral';
  const rows: [string, string][] = [
    ['Schedule', scheduleText(profile)],
    ['Starts', formatDate(profile.startDate)],
    [
      'Ends',
      profile.endDate
        ? formatDate(profile.endDate)
        : profile.count
          ? `After ${profile.count} invoices`
          : 'Never',
    ],
    ['Each run', modeText(profile.mode)],
    ['Missed runs', profile.missed === 'issue' ? 'Issued once each, oldest first' : 'Skipped'],
    ['Time zone', profile.timeZone],
    ['Customer', [profile.customerName, profile.customerEmail].filter(Boolean).join('\n')],
    ['Amount', formatAmount(profile.total, profile.currency)],
    [
      'Next run',
      profile.status === 'ended' || !profile.nextRun
        ? 'No more runs'
        : `${formatDate(profile.nextRun)}${profile.status === 'paused' ? ' (paused)' : ''}`,
    ],
    [
      'Next invoice',
      profile.preview
        ? `${profile.preview.number}, dated ${formatDate(profile.preview.issueDate)}, due ${formatDate(profile.preview.dueDate)}`
        : '—',
    ],
  ];
  return (
    <Page
      eyebrow={<Back to="/recurring">← Recurring</Back>}
      title={profile.customerName || profile.customerEmail}
      description={<Badge $tone={tone}>{statusText(profile.status)}</Badge>}
      actions={
        <Actions>
          {profile.status !== 'ended' && (
            <Button
              variant="secondary"
              busy={toggle.busy}
              onClick={() => toggle.run(profile.status === 'paused' ? 'resume' : 'pause')}
            >
              {profile.status === 'paused' ? 'Resume' : 'Pause'}
            </Button>
          )}
          <ButtonLink variant="secondary" to={`/recurring/${encodeURIComponent(profile.id)}/edit`}>
            Edit
          </ButtonLink>
          <Button variant="ghost" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        </Actions>
      }
    >
      {toggle.error && (
        <Alert tone="error">{errorMessage(toggle.error, 'That did not work. Please try again.')}</Alert>
      )}
      <Columns>
        <Card aria-labelledby="recurring-details">
          <h2 id="recurring-details">Details</h2>
          <Details>
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </Details>
        </Card>
        <section aria-labelledby="recurring-invoices">
          <h2 id="recurring-invoices">Invoices issued</h2>
          {profile.runs.length === 0 ? (
            <Muted>No invoice issued yet.</Muted>
          ) : (
            <List aria-label="Invoices issued">
              {[...profile.runs].reverse().map((run) => (
                <li key={run.period}>
                  <Row>
                    <Primary>
                      <strong>{run.number}</strong>
                      <span>
                        For {formatDate(run.date)}
                        {run.issueDate !== run.date ? ` · issued ${formatDate(run.issueDate)}` : ''}
                      </span>
                    </Primary>
                    <Figures>
                      <span>{profile.mode === 'send' ? (run.sent ? 'Sent' : 'Sending…') : 'Not sent'}</span>
                    </Figures>
                  </Row>
                </li>
              ))}
            </List>
          )}
        </section>
        <Card aria-labelledby="recurring-history">
          <h2 id="recurring-history">History</h2>
          <Timeline>
            {[...profile.history].reverse().map((entry) => (
              <li key={`${entry.at}-${entry.type}-${entry.text}`}>
                <span>{entry.text}</span>
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </li>
            ))}
          </Timeline>
        </Card>
      </Columns>
      {deleting && (
        <Modal
          title="Delete recurring invoice"
          onClose={() => setDeleting(false)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setDeleting(false)}>
                Cancel
              </Button>
              <Button
                variant="danger"
                busy={remove.busy}
                disabled={remove.busy}
                onClick={() => remove.run(undefined)}
              >
                Delete
              </Button>
            </>
          }
        >
          <p>
            Stop this recurring invoice for good? The invoices it already issued stay as they are; no new one
            is issued.
          </p>
          {remove.error && (
            <Alert tone="error">{errorMessage(remove.error, 'Failed to delete. Please try again.')}</Alert>
          )}
        </Modal>
      )}
    </Page>
  );
}
