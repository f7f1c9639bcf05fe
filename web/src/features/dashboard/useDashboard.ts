import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { InvoiceListItem } from '../../api/invoiceList';
import type { PageCursor } from '../../api/keys';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { useAuth } from '../auth/AuthProvider';
import {
  CREDIT_NOTES_FILTER,
  invoiceListQuery,
  ONLINE_PAYMENTS_REFRESH_MS,
  onlinePaymentsQuery,
  QUOTES_FILTER_PREFIX,
} from './queries';

export type ViewMode = 'list' | 'grid';

const FIRST_PAGE = { page: 1, cursor: null };

const viewKey = (userId: string) => `remit.dashboardView.${userId}`;

/** The grid/list choice, kept per user in this browser so a reload (or a second account) keeps its own. */
function useStoredView(userId: string | undefined) {
  const [view, setView] = useState<ViewMode>(() => readView(userId));
  const [viewOf, setViewOf] = useState(userId);
  if (viewOf !== userId) {
    setViewOf(userId);
    setView(readView(userId));
  }
  const choose = (next: ViewMode) => {
    setView(next);
    if (!userId) return;
    try {
      localStorage.setItem(viewKey(userId), next);
    } catch {
      // Storage full or blocked: the choice still holds until the page is left.
    }
  };
  return [view, choose] as const;
}

function readView(userId: string | undefined): ViewMode {
  if (!userId) return 'list';
  try {
    return localStorage.getItem(viewKey(userId)) === 'grid' ? 'grid' : 'list';
  } catch {
    return 'list';
  }
}

/**
 * The dashboard's state (spec §2, §6): subscribers page, search and switch to a grid; everyone else
 * sees page 1 as a list, with search hidden and pagination disabled.
 */
export function useDashboard() {
  const { subscribed, user } = useAuth();
  // The page's number and, past page 1, the cursor it was reached by (keyset pages, issue 18).
  const [position, setPosition] = useState<{ page: number; cursor: PageCursor | null }>(FIRST_PAGE);
  const [searchText, setSearchText] = useState('');
  const [requestedStatus, setStatusFilter] = useState('');
  const [requestedView, setView] = useStoredView(user?.id);
  const [opened, setOpened] = useState<InvoiceListItem | null>(null);
  // `/?invoice={id}` opens that invoice when the page shows it (after an edit, issue 27).
  const [params, setParams] = useSearchParams();
  const linkedId = params.get('invoice');
  // `&credit=1`: the linked invoice opens with 'Issue credit note' asked (from a final invoice's edit screen).
  const linkedCredit = linkedId !== null && params.get('credit') === '1';
  const debounced = useDebouncedValue(searchText.trim(), 300);
  const search = subscribed ? debounced : '';
  const { page: requestedPage, cursor } = subscribed ? position : FIRST_PAGE;
  const status = subscribed ? requestedStatus : '';
  // 'Credit notes' lists those instead (CreditNotesList): the invoice list is not asked for meanwhile.
  const creditNotes = status === CREDIT_NOTES_FILTER;
  // 'Quotes: Accepted' and the like list quotes in that state (issue 33).
  const quoteState = status.startsWith(QUOTES_FILTER_PREFIX)
    ? status.slice(QUOTES_FILTER_PREFIX.length)
    : null;
  const otherList = creditNotes || quoteState !== null;
  // Customers pay online by themselves (issue 31): while the owner takes online payments, the page asks
  // again every few seconds (only while it is visible), so an invoice turns Paid without a reload.
  const online = useQuery(onlinePaymentsQuery());
  const query = useQuery({
    ...invoiceListQuery(requestedPage, search, otherList ? '' : status, cursor),
    enabled: !otherList,
    refetchInterval: online.data?.state === 'on' ? ONLINE_PAYMENTS_REFRESH_MS : false,
  });
  const pagination = query.data?.pagination;
  // The server may answer page 1 for a 'Previous' that reached the top.
  const page = pagination && cursor ? pagination.page : requestedPage;
  const totalPages = Math.max(1, page, pagination?.total_pages ?? 1);
  // A filtered count stops 10 pages past the page shown: 'Page 3 of 12+' rather than a made-up figure.
  const totalCapped = pagination?.total_capped === true;
  const nextCursor = pagination?.next_cursor;
  const previousCursor = pagination?.previous_cursor;
  const hasNext = nextCursor === undefined ? page < totalPages : nextCursor !== null;
  // The open invoice as the list now has it (a payment recorded from the modal shows at once).
  const openId = opened?.ID ?? linkedId;
  const openInvoice = openId
    ? (query.data?.invoices.find((invoice) => invoice.ID === openId) ?? opened)
    : null;
  const setOpenInvoice = (invoice: InvoiceListItem | null) => {
    setOpened(invoice);
    if (!invoice && linkedId) setParams({}, { replace: true });
  };

  return {
    subscribed,
    invoices: query.data?.invoices ?? [],
    isLoading: query.isPending,
    isFetching: query.isFetching,
    isError: query.isError && !query.data,
    retry: () => void query.refetch(),
    page,
    totalPages,
    totalCapped,
    canPrevious: subscribed && page > 1,
    canNext: subscribed && hasNext,
    previous: () =>
      setPosition(
        page <= 2 || !previousCursor
          ? { page: Math.max(1, page - 1), cursor: null }
          : { page: page - 1, cursor: { before: previousCursor } },
      ),
    next: () =>
      setPosition(
        nextCursor
          ? { page: page + 1, cursor: { after: nextCursor } }
          : { page: Math.min(totalPages, page + 1), cursor: null },
      ),
    searchText,
    /** The search as sent (debounced; empty for a free account). */
    search,
    creditNotes,
    /** The quote state the filter lists, or null. */
    quoteState,
    setSearch: (value: string) => {
      setSearchText(value);
      setPosition(FIRST_PAGE);
    },
    status,
    setStatus: (value: string) => {
      setStatusFilter(value);
      setPosition(FIRST_PAGE);
    },
    view: subscribed ? requestedView : 'list',
    setView,
    openInvoice,
    setOpenInvoice,
    /** The open invoice is the linked one and its credit note was asked for. */
    startCredit: linkedCredit && opened === null,
  };
}

/** Spec §4 Invoice status: paid when the user is subscribed or the Status is 'paid'. */
export function isPaid(invoice: InvoiceListItem, subscribed: boolean): boolean {
  return subscribed || invoice.Status === 'paid';
}
