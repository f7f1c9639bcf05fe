/** Where a keyset page starts (issue 18): after or before an opaque cursor of an earlier answer. */
export type PageCursor = { after: string } | { before: string };

/**
 * Every TanStack Query key of the app, one factory per feature, so a cache is named once and the offline
 * cache, the queries and the invalidations after a command (`./invalidation.ts`) agree on names. A key's
 * first part is its feature: invalidating `invoiceKeys.all` reaches every invoice view.
 */
export const authKeys = {
  all: ['auth'] as const,
  session: ['auth', 'session'] as const,
  providers: ['auth', 'providers'] as const,
};

export const billingKeys = {
  all: ['billing'] as const,
  /** `GET /check-subscription`: the flag the route guard re-checks on every navigation. */
  subscribed: ['billing', 'subscribed'] as const,
  plans: ['billing', 'plans'] as const,
  subscription: ['billing', 'subscription'] as const,
};

export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: ['invoices', 'list'] as const,
  list: (page: number, search: string, status = '', cursor: PageCursor | null = null) =>
    ['invoices', 'list', { page, search, ...(status ? { status } : {}), ...(cursor ?? {}) }] as const,
  history: (id: string) => ['invoices', 'history', id] as const,
  /** `GET /invoices/{id}/collection`: payments, balance, reminders and whether a share link is active. */
  collection: (id: string) => ['invoices', 'collection', id] as const,
  preview: (id: string) => ['invoices', 'preview', id] as const,
  /** `GET /invoices/{id}/form`: the invoice as the wizard edits it, its revision and whether it is final. */
  form: (id: string) => ['invoices', 'form', id] as const,
  recent: ['invoices', 'recent'] as const,
  nextNumber: ['invoices', 'next-number'] as const,
};

/** Credit notes (issue 27): `GET /credit-notes` by page and search. */
export const creditNoteKeys = {
  all: ['credit-notes'] as const,
  list: (page: number, search: string) => ['credit-notes', 'list', { page, search }] as const,
  detail: (id: string) => ['credit-notes', 'detail', id] as const,
};

/** Unissued drafts on the server (issue 27): `GET /drafts` and `GET /drafts/{id}`. */
export const draftKeys = {
  all: ['drafts'] as const,
  list: ['drafts', 'list'] as const,
  one: (id: string) => ['drafts', 'one', id] as const,
};

/** Quotes (issue 33): the list per state and page, and one quote with its History. */
export const quoteKeys = {
  all: ['quotes'] as const,
  lists: ['quotes', 'list'] as const,
  list: (state: string, page: number) => ['quotes', 'list', { state, page }] as const,
  one: (id: string) => ['quotes', 'one', id] as const,
};

/** A quote's customer page `/q/{token}`: never persisted. */
export const publicQuoteKeys = {
  all: ['public-quote'] as const,
  view: (token: string) => ['public-quote', token] as const,
};

export const customerKeys = {
  all: ['customers'] as const,
  suggestions: (q: string) => ['customers', 'suggestions', q] as const,
  top: ['customers', 'top'] as const,
};

export const templateKeys = {
  all: ['templates'] as const,
  list: ['templates', 'list'] as const,
  preview: (templateId: string, form: unknown, logo: string | null) =>
    ['templates', 'preview', templateId, form, logo] as const,
};

export const settingsKeys = {
  all: ['settings'] as const,
  /** `GET /settings`: the wizard's defaults and the profile form read the same cache. */
  values: ['settings', 'values'] as const,
  profile: ['settings', 'profile'] as const,
  quickStats: ['settings', 'quick-stats'] as const,
  /** `GET /settings/reminders`: the reminder policy and the owner's notification toggles. */
  reminders: ['settings', 'reminders'] as const,
  /** `GET /settings/document-series`: each numbered series' prefix and next number (issue 27). */
  documentSeries: ['settings', 'document-series'] as const,
  /** `GET /settings/accounting`: the owner's DATEV details for the accountant's exports (issue 32). */
  accounting: ['settings', 'accounting'] as const,
  /** `GET /settings/language`: the owner's document language (issue 30). */
  language: ['settings', 'language'] as const,
};

/** `GET /audit`: the tamper-evident log's verdict and head (issue 32). */
export const auditKeys = {
  all: ['audit'] as const,
  summary: ['audit', 'summary'] as const,
};

/** The owner's online payment account (issue 31): `GET /billing/online-payments`. */
export const onlinePaymentKeys = {
  status: ['settings', 'online-payments'] as const,
};

export const paymentMethodKeys = {
  list: ['settings', 'payment-methods'] as const,
};

/** Clients (issue 29): the list by search and archived-or-not, and one client's page. */
export const clientKeys = {
  all: ['clients'] as const,
  lists: ['clients', 'list'] as const,
  list: (search: string, archived = false) => ['clients', 'list', { search, archived }] as const,
  page: (id: string) => ['clients', 'page', id] as const,
  /** Customers of past invoices that are not clients yet. */
  candidates: ['clients', 'candidates'] as const,
};

/** The catalogue (issue 29). */
export const itemKeys = {
  all: ['items'] as const,
  list: (search: string) => ['items', 'list', { search }] as const,
};

/** Bank statements (issue 31): the imported credits by state, and the saved CSV column mapping. */
export const bankKeys = {
  all: ['bank'] as const,
  transactions: (state: string) => ['bank', 'transactions', state] as const,
  csvMapping: ['bank', 'csv-mapping'] as const,
  /** The match dialog's invoice search (a typed text). */
  invoicePicker: (search: string) => ['bank', 'invoice-picker', search] as const,
};

/** Recurring invoices (issue 33): `GET /recurring` and `GET /recurring/{id}` (runs and history). */
export const recurringKeys = {
  all: ['recurring'] as const,
  list: ['recurring', 'list'] as const,
  one: (id: string) => ['recurring', 'one', id] as const,
};
