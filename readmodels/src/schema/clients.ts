import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Clients and catalogue items per user (issue 29). (Read models: see ../schema.ts.) */

/**
 * A user's clients, owned by `clients`. `email` is lower-cased: the key the invoice totals use, so balance due
 * and last invoice come from `client_currency_totals` by (user, e-mail). `search` is the lower-cased names,
 * e-mail and city for the list's search (trigram index).
 */
export const clients = pgTable(
  'clients',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    version: integer('version').notNull(),
    archived: boolean('archived').notNull(),
    companyName: text('company_name').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    /** The whole details as the last event carried them (the API's answer is built from it). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    search: text('search').notNull(),
    createdPosition: bigint('created_position', { mode: 'bigint' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('clients_user_name').on(table.userId, table.archived, table.companyName, table.contactName),
    index('clients_user_email').on(table.userId, table.email),
  ],
);

/** A user's catalogue items; a deleted one is kept, marked `deleted`. Owned by `clients`. */
export const catalogueItems = pgTable(
  'catalogue_items',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    version: integer('version').notNull(),
    deleted: boolean('deleted').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    unit: text('unit').notNull(),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    vatCategory: text('vat_category'),
    vatRate: integer('vat_rate'),
    search: text('search').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('catalogue_items_user_name').on(table.userId, table.deleted, table.name)],
);
