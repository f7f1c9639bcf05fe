import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../components/ui/Button';
import { db } from '../../db/database';
import { formatDateTime } from '../../lib/format';
import { useAuth } from '../auth/AuthProvider';
import type { DraftData } from './generate';
import { useUnsentWork } from './outbox';

const Panel = styled.details`
  margin-bottom: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  summary { cursor: pointer; font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
  ul { list-style: none;
  padding: 0;
  margin: 0; margin-top: ${({ theme }) => theme.space.xs}; }
  li { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: ${({ theme }) => theme.space.xs}; padding: ${({ theme }) => theme.space.xxs} 0; }
  small { color: ${({ theme }) => theme.colors.muted}; }
`;

function describe(data: DraftData): string {
  const { invoiceNumber, customerName } = data.form;
  return [invoiceNumber || 'No number', customerName || 'no customer yet'].join(' · ');
}

/** This account's drafts saved as the user typed (DESIGN §8): resume one, or delete it. */
export function DraftsPanel({ currentId }: { currentId: string }) {
  const { user } = useAuth();
  // A draft whose invoice waits in the outbox is listed there, not here (db/unsentWork.ts); the one
  // open in the form is on screen.
  const drafts = useUnsentWork(user?.id).drafts.filter((draft) => draft.id !== currentId);
  if (drafts.length === 0) return null;
  return (
    <Panel>
      <summary>Saved drafts ({drafts.length})</summary>
      <ul>
        {drafts.map((draft) => (
          <li key={draft.id}>
            <span>
              {describe(draft.data as DraftData)}{' '}
              <small>saved {formatDateTime(new Date(draft.updatedAt).toISOString())}</small>
            </span>
            <span>
              <Link to={`/invoice/create?draft=${encodeURIComponent(draft.id)}`}>Resume</Link>{' '}
              <Button variant="ghost" onClick={() => void db.drafts.delete(draft.id)}>
                Delete
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
