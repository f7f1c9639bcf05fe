/**
 * Read models (DESIGN §3): ordinary tables, each owned by exactly one projection and rebuilt from the
 * log at will. Nothing but the projector writes them; the query service only reads.
 */
export * from './schema/accounts.js';
export * from './schema/audit.js';
export * from './schema/bank.js';
export * from './schema/clients.js';
export * from './schema/collection.js';
export * from './schema/credits.js';
export * from './schema/documents.js';
export * from './schema/einvoices.js';
export * from './schema/invoices.js';
export * from './schema/online-payments.js';
export * from './schema/quotes.js';
export * from './schema/recurring.js';
export * from './schema/stats.js';
export * from './schema/totals.js';
