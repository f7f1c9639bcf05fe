import type { QuickStats, RecentInvoice, TopClient } from '../../api/profile';

/** Made-up figures shown blurred behind the upgrade gates (spec §2 "placeholder sample data"). */
export const sampleRecentInvoices: RecentInvoice[] = [
  {
    id: 's1',
    InvoiceNumber: 'INV-1042',
    Status: 'Paid',
    IssueDate: '2026-03-02',
    Amount: 240000,
    Currency: 'USD',
  },
  {
    id: 's2',
    InvoiceNumber: 'INV-1041',
    Status: 'Pending',
    IssueDate: '2026-02-24',
    Amount: 86050,
    Currency: 'USD',
  },
  {
    id: 's3',
    InvoiceNumber: 'INV-1040',
    Status: 'Overdue',
    IssueDate: '2026-02-11',
    Amount: 132000,
    Currency: 'USD',
  },
];

export const sampleQuickStats: QuickStats = {
  totalRevenue: [{ currency: 'USD', amount: 1284500 }],
  pendingPayments: [{ currency: 'USD', amount: 218050 }],
  activeClients: 8,
  totalInvoices: 42,
  totalCustomers: 12,
};

export const sampleTopClients: TopClient[] = [
  { ID: 's1', CustomerName: 'Northwind Traders', TotalInvoices: 12, TotalAmount: 540000, Currency: 'USD' },
  { ID: 's2', CustomerName: 'Acme Studio', TotalInvoices: 8, TotalAmount: 312500, Currency: 'USD' },
  { ID: 's3', CustomerName: 'Blue Harbor', TotalInvoices: 5, TotalAmount: 174000, Currency: 'USD' },
];
