import {
  defaultAccountingSettings,
  type PaymentMethod,
  type QuickStats,
  type RecentInvoice,
  type TopClient,
} from '@remit/contracts';
import { screen } from '@testing-library/react';
import { storeToken } from '../../api/session';
import { mockApi, type RecordedRequest, testUser } from '../../test/api';
import { renderApp } from '../../test/renderApp';

// The profile's server as the tests of /profile answer it: a subscriber with settings, stats and methods.

export const subscription = {
  Status: 'active',
  PlanName: 'Pro',
  BillingCycle: 'monthly',
  TrialEnd: null,
  CurrentPeriodEnd: '2026-12-01T00:00:00.000Z',
  CancelAtPeriodEnd: false,
};

export const settings = {
  Name: 'Ada Lovelace',
  DefaultDueDays: 14,
  Settings: {
    CompanyEmail: 'billing@engines.example',
    CompanyAddress: '12 Analytical Row, London',
    CompanyName: 'Engines Ltd',
    DefaultCurrency: 'EUR',
    UserCompanyVAT: 'GB-123456',
    LogoURL: null,
  },
};

export const bank: PaymentMethod = {
  ID: 'pm-1',
  Name: 'Business account',
  Type: 'bank_transfer',
  IsDefault: true,
  IsActive: true,
  BankName: 'Commerzbank',
  AccountNumber: '',
  IBAN: 'DE89370400440532013000',
  SWIFT: 'COBADEFFXXX',
  PaymentLink: '',
  Instructions: '',
};

export const digital: PaymentMethod = {
  ...bank,
  ID: 'pm-2',
  Name: 'PayPal',
  Type: 'digital',
  IsDefault: false,
  BankName: '',
  IBAN: '',
  SWIFT: '',
  PaymentLink: 'https://paypal.me/ada',
  Instructions: 'Add the invoice number as the note',
};

export const recent: RecentInvoice[] = [
  {
    id: 'i1',
    InvoiceNumber: 'INV-001',
    Status: 'Paid',
    IssueDate: '2026-03-05',
    Amount: 123456,
    Currency: 'EUR',
  },
  {
    id: 'i2',
    InvoiceNumber: 'INV-002',
    Status: 'Overdue',
    IssueDate: '2026-02-01',
    Amount: 5000,
    Currency: 'JPY',
  },
];
export const stats: QuickStats = {
  totalRevenue: [
    { currency: 'EUR', amount: 123456 },
    { currency: 'USD', amount: 9900 },
  ],
  pendingPayments: [],
  activeClients: 1,
  totalInvoices: 7,
  totalCustomers: 3,
};
export const clients: TopClient[] = [
  { ID: 'c1', CustomerName: 'charles babbage jr', TotalInvoices: 4, TotalAmount: 250000, Currency: 'EUR' },
];

export interface Setup {
  onProfileSave?: () => { status?: number; body?: unknown };
  logoUrl?: string;
  subscribed?: boolean;
  methods?: PaymentMethod[];
  methodsFail?: boolean;
  recent?: RecentInvoice[];
  stats?: QuickStats;
  clients?: TopClient[];
  onSave?: (request: RecordedRequest) => { status?: number; body?: unknown };
  onRemindersSave?: (request: RecordedRequest) => { status?: number; body?: unknown };
  onSeriesSave?: (request: RecordedRequest) => { status?: number; body?: unknown };
}

/** `GET /settings/document-series`: the credit notes' series after CN-0003. */
export const documentSeries = [
  { kind: 'credit_note', prefix: 'CN-', nextNumber: 4, next: 'CN-0004', last: 'CN-0003' },
];

export const reminders = {
  remindersEnabled: false,
  reminderOffsets: [-3, 0, 7, 14],
  notifyOnFirstView: true,
  notifyOnOverdue: true,
};

/** `GET /audit`: an intact log with one of the owner's events in it. */
export const audit = {
  verified: true,
  head: { link: 3, position: '3', hash: 'a'.repeat(64), linkedAt: '2026-11-27T10:00:00.000000Z' },
  yours: { linked: 1, pending: 0, lastPosition: '3', lastHash: 'a'.repeat(64) },
  broken: null,
  startedAt: '2026-11-27T09:00:00Z',
  checkedAt: '2026-11-27T10:00:01.000Z',
};

export const locked = () => ({
  status: 402,
  body: { error: 'Subscription required', code: 'subscription_required' },
});

export function api(setup: Setup = {}) {
  const subscribed = setup.subscribed ?? true;
  let methods = setup.methods ?? [];
  let onlinePayments: { mode: string; provider: string; state: string; accountId: string | null } = {
    mode: 'sandbox',
    provider: 'sandbox',
    state: 'off',
    accountId: null,
  };
  return mockApi({
    'GET /auth/status': () => ({ body: { user: testUser } }),
    'GET /check-subscription': () => ({ body: { subscribed } }),
    'GET /settings/profile': () => ({
      body: {
        Name: 'Ada Lovelace',
        Email: 'ada@example.com',
        Settings: { LogoURL: setup.logoUrl ?? null, CompanyName: 'Engines Ltd', UserCompanyVAT: 'GB-123456' },
        Subscription: subscribed ? subscription : null,
      },
    }),
    'GET /settings': () => ({ body: settings }),
    'PUT /settings': () => setup.onProfileSave?.() ?? { body: { settings, position: '9' } },
    'GET /settings/quick-stats': () => (subscribed ? { body: { stats: setup.stats ?? stats } } : locked()),
    'GET /customers/top': () => (subscribed ? { body: { clients: setup.clients ?? clients } } : locked()),
    'GET /invoices/recent': () => (subscribed ? { body: { invoices: setup.recent ?? recent } } : locked()),
    'GET /settings/payment-methods': () =>
      setup.methodsFail ? { status: 500, body: { error: 'boom' } } : { body: { paymentMethods: methods } },
    'POST /settings/payment-methods': (request) => {
      const answer = setup.onSave?.(request);
      if (answer) return answer;
      const created = {
        ...bank,
        ID: 'pm-new',
        IsDefault: false,
        Name: (request.body as { name: string }).name,
      };
      methods = [...methods, created];
      return { status: 201, body: { paymentMethod: created, position: '10' } };
    },
    'GET /settings/reminders': () => ({ body: reminders }),
    'GET /settings/language': () => ({ body: { language: 'en' } }),
    'PUT /settings/language': (request) => ({ body: { ...(request.body as object), position: '13' } }),
    // Online payments (issue 31): the built-in sandbox, off until connected.
    'GET /billing/online-payments': () => ({ body: onlinePayments }),
    'POST /online-payments/connect': () => {
      onlinePayments = { ...onlinePayments, state: 'on', accountId: 'acct_sandbox_1' };
      return { body: { ...onlinePayments, url: '/profile?online-payments=connected', position: '13' } };
    },
    'POST /online-payments/disconnect': () => {
      onlinePayments = { ...onlinePayments, state: 'off', accountId: null };
      return { body: { ...onlinePayments, position: '14' } };
    },
    'GET /audit': () => ({ body: audit }),
    'GET /settings/document-series': () => ({ body: { series: documentSeries } }),
    'PUT /settings/document-series/credit_note': (request) =>
      setup.onSeriesSave?.(request) ?? {
        body: { kind: 'credit_note', ...(request.body as object), next: 'X' },
      },
    'GET /settings/accounting': () => ({ body: { settings: defaultAccountingSettings, saved: false } }),
    'PUT /settings/accounting': (request) => ({
      body: { settings: request.body, saved: true, position: '13' },
    }),
    'PUT /settings/reminders': (request) =>
      setup.onRemindersSave?.(request) ?? { body: { ...(request.body as object), position: '12' } },
    'PUT /settings/payment-methods/pm-1/toggle': () => {
      methods = methods.map((method) =>
        method.ID === 'pm-1' ? { ...method, IsActive: !method.IsActive } : method,
      );
      return { body: { paymentMethod: methods.find((method) => method.ID === 'pm-1'), position: '11' } };
    },
  });
}

export async function openProfile() {
  storeToken('jwt');
  const view = renderApp('/profile');
  await screen.findByRole('heading', { name: 'Profile', level: 1 });
  return view;
}
