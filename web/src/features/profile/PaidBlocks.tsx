import styled from 'styled-components';
import type { Gated, QuickStats, RecentInvoice, TopClient } from '../../api/profile';
import { Button, ButtonLink } from '../../components/ui/Button';
import { formatAmount, formatDate } from '../../lib/format';
import { initials } from './initials';
import { Avatar, CardEmpty, ProfileCard, Rows } from './parts';
import { sampleQuickStats, sampleRecentInvoices, sampleTopClients } from './sampleData';
import { UpgradeGate } from './UpgradeGate';

/** What a paid block's query gives its card: the gated answer, or a failed first load. */
export interface BlockState<T> {
  answer: Gated<T> | undefined;
  isError: boolean;
  retry: () => void;
}

const DEFAULT_CURRENCY = 'USD';

const Failed = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
`;

function LoadFailed({ what, retry }: { what: string; retry: () => void }) {
  return (
    <Failed>
      {what} could not be loaded.
      <Button variant="ghost" onClick={retry}>
        Try again
      </Button>
    </Failed>
  );
}

const statusTones = {
  Paid: ['successSoft', 'success'],
  Pending: ['warningSoft', 'warning'],
  Overdue: ['dangerSoft', 'danger'],
  Draft: ['surfaceSunken', 'muted'],
  Void: ['surfaceSunken', 'muted'],
  Credited: ['surfaceSunken', 'muted'],
  'Refund due': ['dangerSoft', 'danger'],
} as const;

/** Spec §4: Paid green, Pending yellow, Overdue red, Draft grey; a void invoice (issue 14) grey too. */
export const StatusBadge = styled.span<{ $status: RecentInvoice['Status'] }>`
  display: inline-flex;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  background: ${({ theme, $status }) => theme.colors[statusTones[$status][0]]};
  color: ${({ theme, $status }) => theme.colors[statusTones[$status][1]]};
`;

const InvoiceRow = styled.li`
  flex-wrap: wrap;
  justify-content: space-between;
  > div { display: flex; flex-direction: column; gap: 2px; min-width: 0; }
  strong { font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
  time { font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.muted}; }
  .end { align-items: flex-end; }
  .amount { font-weight: ${({ theme }) => theme.fontWeights.semibold}; font-variant-numeric: tabular-nums; }
`;

function RecentInvoiceList({ invoices }: { invoices: RecentInvoice[] }) {
  if (invoices.length === 0)
    return <CardEmpty title="No invoices">Invoices you create will show up here.</CardEmpty>;
  return (
    <Rows aria-label="Recent invoices">
      {invoices.map((invoice) => (
        <InvoiceRow key={invoice.id} data-testid="recent-invoice">
          <div>
            <strong>{invoice.InvoiceNumber}</strong>
            <time dateTime={invoice.IssueDate}>{formatDate(invoice.IssueDate)}</time>
          </div>
          <div className="end">
            <span className="amount">
              {formatAmount(invoice.Amount, invoice.Currency || DEFAULT_CURRENCY)}
            </span>
            <StatusBadge $status={invoice.Status}>{invoice.Status}</StatusBadge>
          </div>
        </InvoiceRow>
      ))}
    </Rows>
  );
}

export function RecentInvoicesCard({ state }: { state: BlockState<RecentInvoice[]> }) {
  const { answer } = state;
  return (
    <ProfileCard title="Recent Invoices" titleId="recent-invoices-title">
      {answer?.locked ? (
        <UpgradeGate title="Access Recent Invoices">
          <RecentInvoiceList invoices={sampleRecentInvoices} />
        </UpgradeGate>
      ) : answer ? (
        <>
          <RecentInvoiceList invoices={answer.data} />
          <ButtonLink to="/" variant="secondary" block>
            View All Invoices
          </ButtonLink>
        </>
      ) : state.isError ? (
        <LoadFailed what="Recent invoices" retry={state.retry} />
      ) : null}
    </ProfileCard>
  );
}

const StatGrid = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;

  > div {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.xxs};
    padding: ${({ theme }) => theme.space.sm};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceSunken};
    min-width: 0;
  }
  dt { font-size: ${({ theme }) => theme.fontSizes.xs}; font-weight: ${({ theme }) => theme.fontWeights.medium}; color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; font-size: ${({ theme }) => theme.fontSizes.lg}; font-weight: ${({ theme }) => theme.fontWeights.bold}; color: ${({ theme }) => theme.colors.ink}; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
`;

function amountLines(totals: QuickStats['totalRevenue']) {
  const lines = totals.length > 0 ? totals : [{ currency: DEFAULT_CURRENCY, amount: 0 }];
  return lines.map((total) => <dd key={total.currency}>{formatAmount(total.amount, total.currency)}</dd>);
}

function StatList({ stats }: { stats: QuickStats }) {
  if (stats.totalInvoices === 0 && stats.totalCustomers === 0)
    return <CardEmpty title="No stats available">Your figures appear once you have invoices.</CardEmpty>;
  return (
    <StatGrid>
      <div data-testid="stat-total-revenue">
        <dt>Total Revenue</dt>
        {amountLines(stats.totalRevenue)}
      </div>
      <div data-testid="stat-pending-payments">
        <dt>Pending Payments</dt>
        {amountLines(stats.pendingPayments)}
      </div>
      {stats.overduePayments && stats.overduePayments.length > 0 && (
        <div data-testid="stat-overdue-payments">
          {/* Issue 14: the part of the pending balances past its due date. */}
          <dt>Overdue</dt>
          {amountLines(stats.overduePayments)}
        </div>
      )}
      <div data-testid="stat-active-clients">
        <dt>Active Clients</dt>
        {/* Spec §3 Stats: the shown 'Active Clients' value is totalCustomers. */}
        <dd>{stats.totalCustomers}</dd>
      </div>
      <div data-testid="stat-total-invoices">
        <dt>Total Invoices</dt>
        <dd>{stats.totalInvoices}</dd>
      </div>
    </StatGrid>
  );
}

export function QuickStatsCard({ state }: { state: BlockState<QuickStats> }) {
  const { answer } = state;
  return (
    <ProfileCard title="Quick Stats" titleId="quick-stats-title">
      {answer?.locked ? (
        <UpgradeGate title="Access Quick Stats">
          <StatList stats={sampleQuickStats} />
        </UpgradeGate>
      ) : answer ? (
        <StatList stats={answer.data} />
      ) : state.isError ? (
        <LoadFailed what="Quick stats" retry={state.retry} />
      ) : null}
    </ProfileCard>
  );
}

const ClientRow = styled.li`
  > div { display: flex; flex: 1; flex-direction: column; gap: 2px; min-width: 0; }
  strong { overflow-wrap: anywhere; font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
  span.count { font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.muted}; }
  span.total { font-weight: ${({ theme }) => theme.fontWeights.semibold}; font-variant-numeric: tabular-nums; }
`;

const RankRule = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.muted};
`;

const CurrencyGroup = styled.section`
  & + & { margin-top: ${({ theme }) => theme.space.md}; }
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xs};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.subtle};
  }
`;

/** The server's order kept: clients of one currency together, the most used currency first. */
function byCurrency(clients: TopClient[]): [string, TopClient[]][] {
  const groups = new Map<string, TopClient[]>();
  for (const client of clients) {
    const currency = client.Currency || DEFAULT_CURRENCY;
    groups.set(currency, [...(groups.get(currency) ?? []), client]);
  }
  return [...groups];
}

function ClientRows({ clients, label }: { clients: TopClient[]; label: string }) {
  return (
    <Rows aria-label={label}>
      {clients.map((client) => (
        <ClientRow key={client.ID} data-testid="top-client">
          <Avatar aria-hidden="true">{initials(client.CustomerName)}</Avatar>
          <div>
            <strong>{client.CustomerName}</strong>
            <span className="count">
              {client.TotalInvoices} {client.TotalInvoices === 1 ? 'invoice' : 'invoices'}
            </span>
          </div>
          <span className="total">
            {formatAmount(client.TotalAmount, client.Currency || DEFAULT_CURRENCY)}
          </span>
        </ClientRow>
      ))}
    </Rows>
  );
}

/**
 * Top clients ranked by total invoiced within each currency (docs/decisions.md): amounts in different
 * currencies are never compared, and the card says so.
 */
function ClientList({ clients }: { clients: TopClient[] }) {
  if (clients.length === 0)
    return <CardEmpty title="No clients yet">Customers you invoice most will show up here.</CardEmpty>;
  const groups = byCurrency(clients);
  if (groups.length === 1) {
    return (
      <>
        <RankRule>Ranked by total invoiced.</RankRule>
        <ClientRows clients={clients} label="Top clients" />
      </>
    );
  }
  return (
    <>
      <RankRule>Ranked by total invoiced within each currency; amounts are not converted.</RankRule>
      {groups.map(([currency, members]) => (
        <CurrencyGroup key={currency} aria-labelledby={`top-clients-${currency}`}>
          <h3 id={`top-clients-${currency}`}>{currency}</h3>
          <ClientRows clients={members} label={`Top clients in ${currency}`} />
        </CurrencyGroup>
      ))}
    </>
  );
}

export function TopClientsCard({ state }: { state: BlockState<TopClient[]> }) {
  const { answer } = state;
  return (
    <ProfileCard title="Top Clients" titleId="top-clients-title">
      {answer?.locked ? (
        <UpgradeGate title="Access Top Clients">
          <ClientList clients={sampleTopClients} />
        </UpgradeGate>
      ) : answer ? (
        <ClientList clients={answer.data} />
      ) : state.isError ? (
        <LoadFailed what="Top clients" retry={state.retry} />
      ) : null}
    </ProfileCard>
  );
}
