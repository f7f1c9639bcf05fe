import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useCommand } from '../../api/command';
import { discardServerDraft, fetchDrafts, type InvoiceDraft } from '../../api/drafts';
import { errorMessage } from '../../api/errors';
import { invalidateAfter } from '../../api/invalidation';
import { draftKeys } from '../../api/keys';
import { Button } from '../../components/ui/Button';
import { Badge } from '../../components/ui/Card';
import { formatDateTime } from '../../lib/format';
import { useToast } from '../toasts/ToastProvider';

const Section = styled.section`
  margin-bottom: ${({ theme }) => theme.space.lg};
  h2 { font-size: ${({ theme }) => theme.fontSizes.md}; margin: 0 0 ${({ theme }) => theme.space.xs}; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: ${({ theme }) => theme.space.xs}; }
  li {
    display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between;
    gap: ${({ theme }) => theme.space.xs};
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    border: 1px dashed ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface};
  }
  small { color: ${({ theme }) => theme.colors.muted}; }
`;

function describe(draft: InvoiceDraft): string {
  const form = draft.form as { invoiceNumber?: string; customerName?: string; customerCompanyName?: string };
  const customer = form.customerCompanyName || form.customerName || 'no customer yet';
  return `${form.invoiceNumber || 'No number yet'} · ${customer}`;
}

/**
 * The user's unissued drafts (issue 27), above the invoices: saved on any device, no number taken. Labelled 'Not
 * issued', never 'Draft': the spec's Status 'Draft' and the 'Draft' collection badge (an issue date ahead) belong to
 * issued invoices (docs/decisions.md D-224).
 */
export function DraftsList() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const drafts = useQuery({ queryKey: draftKeys.list, queryFn: ({ signal }) => fetchDrafts(signal) });
  const discard = useCommand({
    send: (id: string, key) => discardServerDraft(id, key),
    onSuccess: () => {
      toast('Draft deleted', { tone: 'success' });
      return invalidateAfter(queryClient, 'drafts');
    },
    onError: (error) => toast(errorMessage(error, 'The draft could not be deleted. Please try again.')),
  });
  const list = drafts.data ?? [];
  if (list.length === 0) return null;
  return (
    <Section aria-labelledby="drafts-heading">
      <h2 id="drafts-heading">Drafts ({list.length})</h2>
      <ul>
        {list.map((draft) => (
          <li key={draft.id} data-testid="server-draft">
            <span>
              <Badge $tone="neutral">Not issued</Badge> {describe(draft)}{' '}
              <small>saved {formatDateTime(draft.updatedAt)}</small>
            </span>
            <span>
              <Link to={`/invoice/create?draft=${encodeURIComponent(draft.id)}`}>Edit</Link>{' '}
              <Button
                variant="ghost"
                busy={discard.pending === draft.id}
                onClick={() => discard.run(draft.id)}
                aria-label={`Delete draft ${describe(draft)}`}
              >
                Delete
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
