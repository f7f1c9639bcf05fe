import styled, { css } from 'styled-components';
import type { InvoiceListItem } from '../../api/invoiceList';
import { media } from '../../theme/theme';
import { InvoiceCard } from './InvoiceCard';
import { isPaid, type ViewMode } from './useDashboard';
import type { useInvoiceActions } from './useInvoiceActions';

const List = styled.ul<{ $view: ViewMode; $busy: boolean }>`
  list-style: none;
  padding: 0;
  margin: 0;
  transition: opacity ${({ theme }) => theme.transitions.normal};
  opacity: ${({ $busy }) => ($busy ? 0.6 : 1)};

  ${({ $view, theme }) =>
    $view === 'list'
      ? css`
          overflow: hidden;
          border: 1px solid ${theme.colors.border};
          border-radius: ${theme.radii.lg};
          box-shadow: ${theme.shadows.sm};
        `
      : css`
          display: grid;
          gap: ${theme.space.md};
          ${media.sm} { grid-template-columns: repeat(2, 1fr); }
          ${media.desktop} { grid-template-columns: repeat(3, 1fr); }
        `}
`;

/**
 * Pay Now (spec §2) only where paying opens something: an unpaid invoice of a non-subscriber that is
 * locked. The first invoice of page 1 is already open for free (DESIGN §5), and the server refuses its
 * checkout (409 invoice_already_open).
 */
function canPay(invoice: InvoiceListItem, subscribed: boolean): boolean {
  return !subscribed && invoice.locked && invoice.Status !== 'paid' && !invoice.is_paid;
}

/**
 * A subscriber never sees a lock (spec §6), even in a page cached before they subscribed: the list
 * refetches when the guard sees the change, and until its answer arrives the cached rows open.
 */
const withLock = (subscribed: boolean) => (invoice: InvoiceListItem) =>
  subscribed && invoice.locked ? { ...invoice, locked: false } : invoice;

interface InvoiceCollectionProps {
  invoices: InvoiceListItem[];
  subscribed: boolean;
  view: ViewMode;
  busy: boolean;
  onOpen: (invoice: InvoiceListItem) => void;
  actions: ReturnType<typeof useInvoiceActions>;
}

export function InvoiceCollection({
  invoices,
  subscribed,
  view,
  busy,
  onOpen,
  actions,
}: InvoiceCollectionProps) {
  return (
    <List $view={view} $busy={busy} aria-label="Invoices" aria-busy={busy || undefined}>
      {invoices.map(withLock(subscribed)).map((invoice) => (
        <InvoiceCard
          key={invoice.ID}
          invoice={invoice}
          view={view}
          paid={isPaid(invoice, subscribed)}
          showPay={canPay(invoice, subscribed)}
          paying={{ busy: actions.payingId === invoice.ID, disabled: actions.paying }}
          downloading={actions.downloadingId === invoice.ID}
          onOpen={() => (invoice.locked ? undefined : onOpen(invoice))}
          onDownload={() => actions.download(invoice.ID, invoice.locked)}
          onDownloadXml={() => actions.downloadXml(invoice.ID, invoice.locked)}
          onPay={() => actions.pay(invoice.ID)}
          markingPaid={actions.markingPaidId === invoice.ID}
          onMarkPaid={() => actions.markPaid(invoice.ID, invoice.InvoiceNumber)}
          duplicating={actions.duplicatingId === invoice.ID}
          onDuplicate={() => actions.duplicate(invoice.ID)}
        />
      ))}
    </List>
  );
}
