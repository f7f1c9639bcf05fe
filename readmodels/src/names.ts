/**
 * Every projection the projector keeps, by the name of its checkpoint. The query service waits on all of
 * them for read-your-writes, and the health check reports their lag; the projector's list must match
 * (a test checks it).
 */
export const projectionNames = [
  'users',
  'settings',
  'invoices',
  'customers',
  'subscriptions',
  'payment-methods',
  'profile-stats',
  'activities',
  'collection',
  'invoice-shares',
  'invoice-totals',
  'reminders',
  'clients',
  'credits',
  'credit-notes',
  'invoice-drafts',
  'bank',
  'quotes',
  'recurring',
  'online-payments',
  'stream-owners',
  'invoice-einvoices',
] as const;

export type ProjectionName = (typeof projectionNames)[number];
