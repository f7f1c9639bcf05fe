import { type QuoteState, quoteStates } from '@remit/contracts';
import { lazy, Suspense, useState } from 'react';
import { EmptyState, icons, LineIcon } from '../../components/EmptyState';
import { Alert } from '../../components/ui/Alert';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Badge } from '../../components/ui/Card';
import { PageSpinner } from '../../components/ui/Spinner';
import { Page } from '../../layout/Page';
import { useAuth } from '../auth/AuthProvider';
import { OutboxStatus } from '../invoices/OutboxStatus';
import { DashboardToolbar } from './DashboardToolbar';
import { DraftsList } from './DraftsList';
import { InvoiceCollection } from './InvoiceCollection';
import { Pagination } from './Pagination';
import { useDashboard } from './useDashboard';
import { useInvoiceActions } from './useInvoiceActions';

// The quote filters' list (issue 33) is the Quotes screen's: its chunk loads when a quote filter is chosen.
const QuotesList = lazy(() =>
  import('../quotes/QuotesPage').then((module) => ({ default: module.QuotesList })),
);

// So is the credit notes' filter (issue 27): its list, its dialogs and its schemas load when it is chosen.
const CreditNotesList = lazy(() =>
  import('./CreditNotesList').then((module) => ({ default: module.CreditNotesList })),
);

// The preview (its tabs: payments, send, share, downloads) opens on a click, so it is not part of the
// dashboard's first screen: its chunk loads when an invoice is first opened.
const InvoicePreviewModal = lazy(() =>
  import('./InvoicePreviewModal').then((module) => ({
    default: module.InvoicePreviewModal,
  })),
);

function Invoices({ dashboard }: { dashboard: ReturnType<typeof useDashboard> }) {
  const actions = useInvoiceActions();
  const { invoices, subscribed, openInvoice } = dashboard;
  if (dashboard.isLoading) return <PageSpinner label="Loading invoices..." />;
  if (dashboard.isError)
    return (
      <Alert tone="error">
        Your invoices could not be loaded.{' '}
        <Button variant="ghost" onClick={dashboard.retry}>
          Try again
        </Button>
      </Alert>
    );
  if (invoices.length === 0)
    return (
      <EmptyState
        icon={<LineIcon d={icons.invoice} />}
        title="No Invoices Found"
        actions={<ButtonLink to="/invoice/create">Create New Invoice</ButtonLink>}
      >
        {dashboard.searchText
          ? 'No invoice matches your search.'
          : 'Invoices you create appear here, with their status and a PDF to download.'}
      </EmptyState>
    );
  return (
    <>
      <InvoiceCollection
        invoices={invoices}
        subscribed={subscribed}
        view={dashboard.view}
        busy={dashboard.isFetching}
        onOpen={dashboard.setOpenInvoice}
        actions={actions}
      />
      <Pagination
        page={dashboard.page}
        totalPages={dashboard.totalPages}
        totalCapped={dashboard.totalCapped}
        canPrevious={dashboard.canPrevious}
        canNext={dashboard.canNext}
        onPrevious={dashboard.previous}
        onNext={dashboard.next}
      />
      {openInvoice && (
        <Suspense fallback={<PageSpinner label="Opening the invoice..." />}>
          <InvoicePreviewModal
            invoice={openInvoice}
            downloading={actions.downloadingId === openInvoice.ID}
            onDownload={() => actions.download(openInvoice.ID, false)}
            onDownloadXml={() => actions.downloadXml(openInvoice.ID, false)}
            onClose={() => dashboard.setOpenInvoice(null)}
            markingPaid={actions.markingPaidId === openInvoice.ID}
            onMarkPaid={() => actions.markPaid(openInvoice.ID, openInvoice.InvoiceNumber)}
            duplicating={actions.duplicatingId === openInvoice.ID}
            onDuplicate={() => actions.duplicate(openInvoice.ID)}
            startCredit={dashboard.startCredit}
          />
        </Suspense>
      )}
    </>
  );
}

/** The dashboard's quote filter (issue 33): the quotes in that state, paged here. */
function DashboardQuotes({ state }: { state: string }) {
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState(state);
  if (shown !== state) {
    setShown(state);
    setPage(1);
  }
  const known = (quoteStates as readonly string[]).includes(state) ? (state as QuoteState) : '';
  return (
    <Suspense fallback={<PageSpinner label="Loading quotes..." />}>
      <QuotesList state={known} page={page} onPage={setPage} />
    </Suspense>
  );
}

/** '/': the invoice list (spec §2 Dashboard), locked for non-subscribers as §6 says. */
function firstName(name: string | undefined): string {
  return name?.trim().split(/\s+/)[0] ?? '';
}

export function DashboardPage() {
  const dashboard = useDashboard();
  const { user } = useAuth();
  return (
    <Page
      title={user ? `Welcome, ${firstName(user.name)}` : 'Dashboard'}
      eyebrow={
        <Badge $tone={dashboard.subscribed ? 'success' : 'neutral'}>
          {dashboard.subscribed ? 'Pro plan' : 'Free plan'}
        </Badge>
      }
      description="Your invoices and payments at a glance."
      actions={
        <ButtonLink to="/invoice/create" size="lg" icon={<LineIcon d={icons.plus} size={18} />}>
          Create New Invoice
        </ButtonLink>
      }
    >
      <OutboxStatus withDrafts />
      {dashboard.subscribed && (
        <DashboardToolbar
          search={dashboard.searchText}
          onSearch={dashboard.setSearch}
          view={dashboard.view}
          onView={dashboard.setView}
          status={dashboard.status}
          onStatus={dashboard.setStatus}
        />
      )}
      {dashboard.creditNotes ? (
        <Suspense fallback={<PageSpinner label="Loading credit notes..." />}>
          <CreditNotesList search={dashboard.search} />
        </Suspense>
      ) : dashboard.quoteState !== null ? (
        <DashboardQuotes state={dashboard.quoteState} />
      ) : (
        <>
          <DraftsList />
          <Invoices dashboard={dashboard} />
        </>
      )}
    </Page>
  );
}
