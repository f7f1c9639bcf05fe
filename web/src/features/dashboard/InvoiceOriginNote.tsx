import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { historyQuery } from './invoiceQueries';

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

/**
 * 'From quote QUO-0003' (issue 33): where the invoice came from, as its issue recorded it, linking there. Read from
 * the History the modal's History tab shows (one request for both); nothing for an invoice issued by hand.
 */
export function InvoiceOriginNote({ invoiceId }: { invoiceId: string }) {
  const history = useQuery(historyQuery(invoiceId));
  const origin = history.data?.find((entry) => entry.origin)?.origin;
  if (!origin) return null;
  if (origin.kind === 'quote')
    return (
      <Note>
        From quote <Link to={`/quotes/${encodeURIComponent(origin.quoteId)}`}>{origin.number}</Link>
      </Note>
    );
  return (
    <Note>
      Issued by a <Link to={`/recurring/${encodeURIComponent(origin.profileId)}`}>recurring invoice</Link>
    </Note>
  );
}
