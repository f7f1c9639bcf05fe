import type { InvoiceContent } from '@remit/contracts';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Invoices, their numbers and customers. (Read models: see ../schema.ts.) */

/**
 * Invoices per user (list, details, search). Owned by `invoices`. `content` is the invoice as issued or last
 * revised (the event's snapshot); the other columns are what the list filters, sorts and searches on.
 * `issuedPosition` orders the list newest first, stably. A deleted invoice's row is removed. `ordinal` is the
 * invoice's place among the user's live invoices, oldest first (1 … n, no gaps: the list's order turned round),
 * renumbered above a deleted one, so any `?page=N` is a range of it (D-420). `invoices_user_keyset` also carries
 * `search_text` (INCLUDE, migration 0032, which Drizzle's index builder cannot say): a search walks it index-only
 * (D-511). The search's trigram index `invoices_user_search` is migration 0013's.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    number: text('number').notNull(),
    issueDate: text('issue_date').notNull(),
    dueDate: text('due_date').notNull(),
    status: text('status').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerCompanyName: text('customer_company_name').notNull(),
    /** Lower-cased number, customer name, e-mail and company, for `search`. */
    searchText: text('search_text').notNull(),
    content: jsonb('content').$type<InvoiceContent>().notNull(),
    issuedPosition: bigint('issued_position', { mode: 'bigint' }).notNull(),
    ordinal: integer('ordinal').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('invoices_user_keyset').on(table.userId, table.issuedPosition, table.id),
    index('invoices_user_ordinal').on(table.userId, table.ordinal),
  ],
);

/** Every invoice number a user has reserved, for the next-number suggestion. Owned by `invoices`. */
export const invoiceNumbers = pgTable(
  'invoice_numbers',
  {
    userId: text('user_id').notNull(),
    number: text('number').notNull(),
    position: bigint('position', { mode: 'bigint' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.number] })],
);

/** Customers per user, built from issued and revised invoices, keyed by e-mail. Owned by `customers`. */
export const customers = pgTable(
  'customers',
  {
    userId: text('user_id').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    companyName: text('company_name').notNull(),
    companyVat: text('company_vat'),
    invoiceCount: integer('invoice_count').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.email] })],
);

/**
 * Which issued invoice counted towards which customer, so an event delivered twice counts once. Owned by
 * `customers`.
 */
export const customerInvoices = pgTable(
  'customer_invoices',
  {
    userId: text('user_id').notNull(),
    invoiceId: text('invoice_id').notNull(),
    email: text('email').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.invoiceId] })],
);
