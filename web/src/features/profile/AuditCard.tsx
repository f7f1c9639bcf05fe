import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { auditQuery } from '../../api/audit';
import { Alert } from '../../components/ui/Alert';
import { ProfileCard } from './parts';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  dt { color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
  code { font-size: ${({ theme }) => theme.fontSizes.xs}; }
`;

const Verdict = styled.p`
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.ink};
`;

const Intro = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/**
 * The owner's audit section (issue 32): whether the tamper-evident log verifies, its head, and how many of
 * the owner's own events it holds. The head is what to write down: a later check must show the same hash.
 */
export function AuditCard() {
  const audit = useQuery(auditQuery);
  const data = audit.data;
  return (
    <ProfileCard title="Audit" titleId="audit-title">
      <Intro>
        Every change you make is recorded in a log chained with SHA-256 hashes, so an edit to an earlier
        record shows. Keep the head below with your records; a later check must show the same hash for the
        same entry.
      </Intro>
      {audit.isError && <Alert tone="error">The audit could not be loaded. Try again later.</Alert>}
      {data && (
        <>
          {data.verified ? (
            <Verdict>The log verifies: no recorded event was changed, removed or moved.</Verdict>
          ) : (
            <Alert tone="error">
              The log does not verify
              {data.broken
                ? `: your entry at position ${data.broken.position} (${data.broken.streamId}) was ${data.broken.reason}.`
                : '. Your administrator has been told which entry.'}
            </Alert>
          )}
          <Facts>
            <dt>Your entries</dt>
            <dd>
              {data.yours.linked} chained
              {data.yours.pending > 0 ? `, ${data.yours.pending} being chained` : ''}
            </dd>
            <dt>Head</dt>
            <dd>
              {data.head ? (
                <>
                  entry {data.head.position}: <code>{data.head.hash}</code>
                </>
              ) : (
                'nothing chained yet'
              )}
            </dd>
            <dt>Checked</dt>
            <dd>{new Date(data.checkedAt).toLocaleString()}</dd>
          </Facts>
        </>
      )}
    </ProfileCard>
  );
}
