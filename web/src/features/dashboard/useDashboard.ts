import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { InvoiceListItem } from '../../api/invoices';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { useAuth } from '../auth/AuthProvider';
import { invoiceListQuery } from './queries';

export type ViewMode = 'list' | 'grid';

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
  const [requestedPage, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const [requestedStatus, setStatusFilter] = useState('');
  const [requestedView, setView] = useStoredView(user?.id);
  const [opened, setOpenInvoice] = useState<InvoiceListItem | null>(null);
  const debounced = useDebouncedValue(searchText.trim(), 300);
  const search = subscribed ? debounced : '';
  const page = subscribed ? requestedPage : 1;
  const status = subscribed ? requestedStatus : '';
  const query = useQuery(invoiceListQuery(page, search, status));
  const totalPages = Math.max(1, query.data?.pagination.total_pages ?? 1);
  // The open invoice as the list now has it (a payment recorded from the modal shows at once).
  const openInvoice = opened
    ? (query.data?.invoices.find((invoice) => invoice.ID === opened.ID) ?? opened)
    : null;

  return {
    subscribed,
    invoices: query.data?.invoices ?? [],
    isLoading: query.isPending,
    isFetching: query.isFetching,
    isError: query.isError && !query.data,
    retry: () => void query.refetch(),
    page,
    totalPages,
    canPrevious: subscribed && page > 1,
    canNext: subscribed && page < totalPages,
    previous: () => setPage((value) => Math.max(1, value - 1)),
    next: () => setPage((value) => Math.min(totalPages, value + 1)),
    searchText,
    setSearch: (value: string) => {
      setSearchText(value);
      setPage(1);
    },
    status,
    setStatus: (value: string) => {
      setStatusFilter(value);
      setPage(1);
    },
    view: subscribed ? requestedView : 'list',
    setView,
    openInvoice,
    setOpenInvoice,
  };
}

/** Spec §4 Invoice status: paid when the user is subscribed or the Status is 'paid'. */
export function isPaid(invoice: InvoiceListItem, subscribed: boolean): boolean {
  return subscribed || invoice.Status === 'paid';
}
