import type { ShareAnswer } from '@remit/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { useCommand } from '../../api/command';
import { shareInvoice, stopSharing } from '../../api/customer-page';
import { ApiError } from '../../api/errors';
import { invalidateAfterInvoice } from '../../api/invalidation';
import type { InvoiceListItem } from '../../api/invoiceList';
import { Button } from '../../components/ui/Button';
import { logError } from '../../lib/log';
import { useToast } from '../toasts/ToastProvider';
import { collectionQuery } from './invoiceQueries';

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  p { margin: 0; }
  input {
    width: 100%;
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    font: inherit;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.danger};
`;

/**
 * 'Share' (issue 14): a link to the customer page. The link is shown once, when it is made (only its hash
 * is kept); with one active, the owner can stop it and make a new one.
 */
export function ShareTab({ invoice }: { invoice: InvoiceListItem }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState<ShareAnswer | null>(null);
  // Whether a link is active before this tab made or stopped one (the same query as the Payments tab).
  const collection = useQuery(collectionQuery(invoice.ID));
  const active = answer ? answer.active : (collection.data?.Shared ?? false);
  const [url, setUrl] = useState('');
  const done = async (next: ShareAnswer) => {
    setAnswer(next);
    if (next.url) setUrl(next.url);
    if (!next.active) setUrl('');
    await invalidateAfterInvoice(queryClient, invoice.ID, 'shared');
  };
  const share = useCommand<void, ShareAnswer>({
    send: (_, key) => shareInvoice(invoice.ID, key),
    onSuccess: done,
    onError: (error) => logError('Share failed', error),
  });
  const stop = useCommand<void, ShareAnswer>({
    send: (_, key) => stopSharing(invoice.ID, key),
    onSuccess: async (next) => {
      await done(next);
      toast('The link no longer opens this invoice', { tone: 'success' });
    },
    onError: (error) => logError('Stop sharing failed', error),
  });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast('Link copied', { tone: 'success' });
    } catch {
      toast('Select the link and copy it', { tone: 'error' });
    }
  };
  const error = share.error ?? stop.error;
  return (
    <Panel>
      <p>
        Anyone with the link sees this invoice, its amount due and how to pay, and can download the PDF.
        Nothing else of your account.
      </p>
      {url ? (
        <>
          <label htmlFor="share-link">Customer page link</label>
          <input
            id="share-link"
            type="text"
            readOnly
            value={url}
            onFocus={(event) => event.target.select()}
          />
          <p>Copy it now: for your safety it is shown only once.</p>
        </>
      ) : active ? (
        <p>A link is active. It was shown when it was made; stop sharing and create a new link to get one.</p>
      ) : null}
      {error && (
        <ErrorText role="alert">
          {error instanceof ApiError && error.message ? error.message : 'That did not work'}
        </ErrorText>
      )}
      <Actions>
        {url && <Button onClick={copy}>Copy link</Button>}
        {!active && (
          <Button busy={share.busy} onClick={() => share.run()}>
            Create link
          </Button>
        )}
        {active && (
          <Button variant="secondary" busy={stop.busy} onClick={() => stop.run()}>
            Stop sharing
          </Button>
        )}
      </Actions>
    </Panel>
  );
}
