import { type CollectionStatus, collectionStatusLabels } from '@remit/contracts';
import styled, { css } from 'styled-components';
import type { InvoiceListItem } from '../../api/invoiceList';
import { Button } from '../../components/ui/Button';
import { formatAmount, formatDate } from '../../lib/format';
import { media } from '../../theme/theme';
import { DownloadMenu } from './DownloadMenu';
import { LockOverlay } from './LockOverlay';
import type { ViewMode } from './useDashboard';

const Item = styled.li<{ $view: ViewMode }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};

  ${({ $view, theme }) =>
    $view === 'list'
      ? css`
          border-bottom: 1px solid ${theme.colors.border};
          &:last-child { border-bottom: 0; }
          ${media.sm} { flex-direction: row; align-items: center; }
        `
      : css`
          border: 1px solid ${theme.colors.border};
          border-radius: ${theme.radii.lg};
          box-shadow: ${theme.shadows.xs};
        `}
`;

const Details = styled.div<{ $locked: boolean }>`
  position: relative;
  flex: 1;
  min-width: 0;
  /* On a phone the lock overlay wraps to two lines: leave it room above the actions. */
  min-height: ${({ $locked }) => ($locked ? '112px' : 'auto')};
  ${media.sm} { min-height: auto; }
`;

const Content = styled.div<{ $locked: boolean }>`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.md};
  align-items: center;
  ${({ $locked }) => $locked && css`filter: blur(5px); user-select: none;`}
`;

const NumberButton = styled.button`
  justify-self: start;
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.brandText};
  font-size: ${({ theme }) => theme.fontSizes.md};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  cursor: pointer;
  &:hover { text-decoration: underline; }
`;

const Customer = styled.span`
  grid-column: 1;
  overflow: hidden;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Amount = styled.span`
  grid-column: 2;
  grid-row: 1;
  justify-self: end;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  font-variant-numeric: tabular-nums;
`;

const Meta = styled.span`
  grid-column: 1 / -1;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.subtle};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const Status = styled.span<{ $paid: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  color: ${({ theme, $paid }) => ($paid ? theme.colors.success : theme.colors.warning)};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  cursor: help;
`;

const Dot = styled.span<{ $paid: boolean }>`
  width: 8px;
  height: 8px;
  border-radius: 50%;
  background: ${({ $paid }) => ($paid ? '#10b981' : '#f59e0b')};
`;

/**
 * The spec's dot (§2: green 'Paid' or yellow 'Pending') is about the invoice being paid for in Remit (the
 * account subscribes, or the invoice was bought one-time), not about the customer (issue 34 item 20): its name
 * and tooltip say so.
 */
const dotMeaning = {
  paid: 'Paid for: this invoice is unlocked in Remit',
  pending: 'Pending: this invoice is not paid for in Remit yet (a plan or a one-time payment unlocks it)',
};

/** The customer's side, labelled as such so it does not read as a second answer to the dot. */
const CustomerSide = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding-left: ${({ theme }) => theme.space.sm};
  border-left: 1px solid ${({ theme }) => theme.colors.border};
  & > span:first-child {
    color: ${({ theme }) => theme.colors.muted};
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
`;

/** The collection status (issue 14), beside the spec's dot and never instead of it. */
const Collection = styled.span<{ $tone: 'success' | 'warning' | 'danger' | 'muted' }>`
  padding: 0 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme, $tone }) => theme.colors[$tone === 'muted' ? 'surfaceSunken' : (`${$tone}Soft` as const)]};
  color: ${({ theme, $tone }) => theme.colors[$tone]};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const tones: Record<CollectionStatus, 'success' | 'warning' | 'danger' | 'muted'> = {
  paid: 'success',
  partially_paid: 'warning',
  outstanding: 'warning',
  overdue: 'danger',
  draft: 'muted',
  void: 'muted',
  credited: 'muted',
  refund_due: 'danger',
};

/** One click for the whole balance: offered while something is still due on an open invoice. */
export const canMarkPaid = (invoice: InvoiceListItem) =>
  !invoice.locked &&
  invoice.CollectionStatus !== undefined &&
  invoice.CollectionStatus !== 'paid' &&
  invoice.CollectionStatus !== 'void' &&
  (invoice.Balance ?? 0) > 0;

const Actions = styled.div<{ $view: ViewMode }>`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  /* In the list the actions keep the width of Download, Formats and Mark as paid even when a row has fewer
     (a paid or void invoice), so the amounts stay in one column. */
  ${({ $view }) =>
    $view === 'list' &&
    css`
      ${media.sm} { flex-shrink: 0; justify-content: flex-end; min-width: 21.25rem; }
    `}
`;

interface InvoiceCardProps {
  invoice: InvoiceListItem;
  paid: boolean;
  showPay: boolean;
  /** Pay Now: this invoice's checkout is starting, or another one's is. */
  paying?: { busy: boolean; disabled: boolean };
  view: ViewMode;
  downloading: boolean;
  onOpen: () => void;
  onDownload: () => void;
  /** The XRechnung XML (the formats menu beside Download). */
  onDownloadXml: () => void;
  onPay: () => void;
  markingPaid?: boolean;
  onMarkPaid?: () => void;
  /** Duplicate (issue 27): a new draft of this invoice, opened in the wizard. */
  duplicating?: boolean;
  onDuplicate?: () => void;
}

export function InvoiceCard({
  invoice,
  paid,
  showPay,
  paying,
  view,
  downloading,
  markingPaid,
  duplicating,
  ...on
}: InvoiceCardProps) {
  const { locked } = invoice;
  const customer = [invoice.CustomerName, invoice.CustomerCompanyName].filter(Boolean).join(' · ');
  return (
    <Item $view={view} data-testid="invoice" data-locked={locked || undefined}>
      <Details $locked={locked}>
        <Content $locked={locked} aria-hidden={locked || undefined} inert={locked || undefined}>
          <NumberButton
            type="button"
            onClick={on.onOpen}
            aria-label={`Open invoice ${invoice.InvoiceNumber}`}
          >
            {invoice.InvoiceNumber}
          </NumberButton>
          <Amount>{formatAmount(invoice.Amount, invoice.Currency)}</Amount>
          <Customer>{customer}</Customer>
          <Meta>
            <Status $paid={paid} title={paid ? dotMeaning.paid : dotMeaning.pending}>
              <Dot $paid={paid} role="img" aria-label={paid ? dotMeaning.paid : dotMeaning.pending} />
              {paid ? 'Paid' : 'Pending'}
            </Status>
            {invoice.CollectionStatus && (
              <CustomerSide role="group" aria-label="Customer payment" title="Whether the customer has paid">
                <span>Customer</span>
                <Collection $tone={tones[invoice.CollectionStatus]} data-testid="collection-status">
                  {collectionStatusLabels[invoice.CollectionStatus]}
                </Collection>
              </CustomerSide>
            )}
            <span>Issued {formatDate(invoice.IssueDate)}</span>
            <span>Due {formatDate(invoice.DueDate)}</span>
          </Meta>
        </Content>
        {locked && <LockOverlay number={invoice.InvoiceNumber} />}
      </Details>
      <Actions $view={view}>
        <Button
          variant="secondary"
          busy={downloading}
          onClick={on.onDownload}
          aria-label={`Download invoice ${invoice.InvoiceNumber}`}
        >
          Download
        </Button>
        <DownloadMenu
          number={invoice.InvoiceNumber}
          busy={false}
          onPdf={on.onDownload}
          onXml={on.onDownloadXml}
        />
        {on.onMarkPaid && canMarkPaid(invoice) && (
          <Button
            variant="secondary"
            busy={markingPaid}
            onClick={on.onMarkPaid}
            aria-label={`Mark invoice ${invoice.InvoiceNumber} as paid`}
          >
            Mark as paid
          </Button>
        )}
        {on.onDuplicate && !locked && (
          <Button
            variant="secondary"
            busy={duplicating}
            onClick={on.onDuplicate}
            aria-label={`Duplicate invoice ${invoice.InvoiceNumber}`}
          >
            Duplicate
          </Button>
        )}
        {showPay && (
          <Button
            variant={locked ? 'secondary' : 'primary'}
            busy={paying?.busy}
            disabled={paying?.disabled}
            onClick={on.onPay}
          >
            Pay Now
          </Button>
        )}
      </Actions>
    </Item>
  );
}
