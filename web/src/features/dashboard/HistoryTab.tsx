import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import type { HistoryEvent } from '../../api/invoices';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { formatDateTime } from '../../lib/format';
import { historyQuery } from './invoiceQueries';

const Events = styled.ol`
  list-style: none;
  padding: 0;
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};

  li {
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    border-left: 3px solid ${({ theme }) => theme.colors.brand};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceSunken};
  }
  strong { display: block; }
  span { color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const Center = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space.xl};
  color: ${({ theme }) => theme.colors.muted};
`;

const tones = { queued: 'warning', sent: 'success', failed: 'danger' } as const;
const deliveryLabels = { queued: 'Queued', sent: 'Sent', failed: 'Failed' } as const;

const Delivery = styled.p<{ $state: keyof typeof tones }>`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin: ${({ theme }) => theme.space.xs} 0 0;
  b {
    padding: 0 ${({ theme }) => theme.space.xs};
    border-radius: ${({ theme }) => theme.radii.sm};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme, $state }) => theme.colors[tones[$state]]};
    background: ${({ theme, $state }) => theme.colors[`${tones[$state]}Soft`]};
  }
`;

/** How far a send's mail went: queued (being retried), sent (the mail server took it) or failed. */
function SendDelivery({ event, onSendAgain }: { event: HistoryEvent; onSendAgain: () => void }) {
  const { delivery } = event;
  if (!delivery) return null;
  return (
    <Delivery $state={delivery}>
      <b>{deliveryLabels[delivery]}</b>
      {delivery === 'queued' && <span>The mail server has not taken it yet; it is retried.</span>}
      {delivery === 'failed' && (
        <>
          <span>The mail server refused it after every retry.</span>
          <Button variant="secondary" onClick={onSendAgain}>
            Send again
          </Button>
        </>
      )}
    </Delivery>
  );
}

/** Who did what to the invoice, oldest first; a send shows where its mail stands. */
export function HistoryTab({ id, onSendAgain }: { id: string; onSendAgain: () => void }) {
  const history = useQuery({
    ...historyQuery(id),
    // While a send's mail waits, look again: it turns Sent (or Failed) without the owner reloading.
    refetchInterval: (query) =>
      query.state.data?.some((event) => event.delivery === 'queued') ? 5_000 : false,
  });
  if (history.isPending)
    return (
      <Center>
        <Spinner label="Loading history" />
      </Center>
    );
  if (history.isError) return <Center>The history could not be loaded.</Center>;
  if (history.data.length === 0) return <Center>No events recorded yet.</Center>;
  return (
    <Events aria-label="Invoice history">
      {history.data.map((event) => (
        <li key={`${event.type}-${event.at}`}>
          <strong>{event.summary || event.type}</strong>
          <span>
            {formatDateTime(event.at)} · by {event.by?.name || 'System'} · {event.type}
          </span>
          <SendDelivery event={event} onSendAgain={onSendAgain} />
        </li>
      ))}
    </Events>
  );
}
