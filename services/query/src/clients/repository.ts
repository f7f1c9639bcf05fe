import {
  type Client,
  type ClientCandidate,
  type ClientDetails,
  type ClientInvoice,
  type ClientListEntry,
  type ClientPageAnswer,
  type ClientPayment,
  type Item,
  toDecimalString,
  type UnitCode,
} from '@remit/contracts';
import type { Database } from '@remit/eventstore';
import { readModels } from '@remit/readmodels';
import { and, asc, desc, eq, ilike, inArray, notExists, sql } from 'drizzle-orm';
import { creditNotesToCustomer } from '../credit-notes/repository.js';
import { escapeLike } from '../rows.js';

const {
  clients,
  catalogueItems,
  clientCurrencyTotals,
  customers,
  totalsInvoices,
  invoices,
  invoicePayments,
} = readModels;

/** A user's list is read whole (the export takes it all; the screen shows the first rows). */
const LIST_LIMIT = 10_000;
/** What the client page lists of each kind, newest first. */
const PAGE_ROWS = 200;

type ClientRow = typeof clients.$inferSelect;

function toClient(row: ClientRow): Client {
  const details = row.details as unknown as ClientDetails;
  return { id: row.id, version: row.version, archived: row.archived, ...details };
}

/**
 * Balance due and last invoice per client from the invoice totals, keyed like them by the lower-cased e-mail
 * (D-184): one indexed lookup for the whole list.
 */
async function withTotals(db: Database, userId: string, rows: ClientRow[]): Promise<ClientListEntry[]> {
  const emails = [...new Set(rows.map((row) => row.email).filter(Boolean))];
  const totals =
    emails.length === 0
      ? []
      : await db
          .select()
          .from(clientCurrencyTotals)
          .where(
            and(eq(clientCurrencyTotals.userId, userId), inArray(clientCurrencyTotals.customerEmail, emails)),
          );
  return rows.map((row) => {
    const mine = row.email ? totals.filter((total) => total.customerEmail === row.email) : [];
    const lastInvoiceDate = mine.reduce<string | null>(
      (last, total) => (last === null || total.lastIssueDate > last ? total.lastIssueDate : last),
      null,
    );
    return {
      ...toClient(row),
      balances: mine
        .filter((total) => total.outstanding !== 0)
        .map((total) => ({ currency: total.currency, balance: total.outstanding }))
        .sort((a, b) => a.currency.localeCompare(b.currency)),
      lastInvoiceDate,
    };
  });
}

/** The user's clients, A to Z; archived ones only when asked. */
export async function listClients(
  db: Database,
  userId: string,
  query: { search: string; archived: boolean },
): Promise<ClientListEntry[]> {
  const where = [eq(clients.userId, userId), eq(clients.archived, query.archived)];
  if (query.search) where.push(ilike(clients.search, `%${escapeLike(query.search.toLowerCase())}%`));
  const rows = await db
    .select()
    .from(clients)
    .where(and(...where))
    // By the name the list shows: the company, or the contact of a client without one.
    .orderBy(
      sql`lower(coalesce(nullif(${clients.companyName}, ''), ${clients.contactName}))`,
      asc(clients.id),
    )
    .limit(LIST_LIMIT);
  return withTotals(db, userId, rows);
}

/** Payments on the invoices to one customer (by lower-cased e-mail), the newest first. */
async function paymentsOfCustomer(db: Database, userId: string, email: string): Promise<ClientPayment[]> {
  const rows = await db
    .select({ payment: invoicePayments, number: invoices.number })
    .from(invoicePayments)
    .innerJoin(totalsInvoices, eq(totalsInvoices.invoiceId, invoicePayments.invoiceId))
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(
      and(
        eq(invoicePayments.userId, userId),
        eq(totalsInvoices.userId, userId),
        eq(totalsInvoices.customerEmail, email),
      ),
    )
    .orderBy(desc(invoicePayments.date), desc(invoicePayments.position))
    .limit(PAGE_ROWS);
  return rows.map(({ payment, number }) => ({
    id: payment.paymentId,
    invoiceId: payment.invoiceId,
    invoiceNumber: number,
    amount: payment.amount,
    currency: payment.currency,
    date: payment.date,
    method: payment.method,
    reference: payment.reference,
    reversed: payment.reversed,
  }));
}

async function invoicesOfCustomer(db: Database, userId: string, email: string): Promise<ClientInvoice[]> {
  const found = await db
    .select({ totals: totalsInvoices, number: invoices.number })
    .from(totalsInvoices)
    .innerJoin(invoices, eq(invoices.id, totalsInvoices.invoiceId))
    .where(and(eq(totalsInvoices.userId, userId), eq(totalsInvoices.customerEmail, email)))
    .orderBy(desc(totalsInvoices.issuedPosition))
    .limit(PAGE_ROWS);
  return found.map(({ totals, number }) => ({
    id: totals.invoiceId,
    number,
    issueDate: totals.issueDate,
    dueDate: totals.dueDate,
    currency: totals.currency,
    total: totals.total,
    balance: totals.balance,
    voided: totals.voided,
  }));
}

/**
 * One own client with their invoices, credit notes and payments (newest first), matched by the client's e-mail as
 * the invoice totals key them (D-184); another user's id finds nothing.
 */
export async function findClientPage(
  db: Database,
  userId: string,
  clientId: string,
): Promise<ClientPageAnswer | null> {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.userId, userId)))
    .limit(1);
  if (!row) return null;
  const [client] = await withTotals(db, userId, [row]);
  if (!client) return null;
  if (!row.email) return { client, invoices: [], creditNotes: [], payments: [] };
  const [found, creditNotes, payments] = await Promise.all([
    invoicesOfCustomer(db, userId, row.email),
    creditNotesToCustomer(db, userId, row.email, PAGE_ROWS),
    paymentsOfCustomer(db, userId, row.email),
  ]);
  return { client, invoices: found, creditNotes, payments };
}

type ItemRow = typeof catalogueItems.$inferSelect;

function toItem(row: ItemRow): Item {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    description: row.description,
    unit: row.unit as UnitCode,
    price: toDecimalString({ amount: row.priceMinor, currency: row.currency }),
    priceMinor: row.priceMinor,
    currency: row.currency,
    vatCategory: row.vatCategory,
    vatRate: row.vatRate,
  };
}

export async function listItems(db: Database, userId: string, search: string): Promise<Item[]> {
  const where = [eq(catalogueItems.userId, userId), eq(catalogueItems.deleted, false)];
  if (search) where.push(ilike(catalogueItems.search, `%${escapeLike(search.toLowerCase())}%`));
  const rows = await db
    .select()
    .from(catalogueItems)
    .where(and(...where))
    .orderBy(asc(catalogueItems.name), asc(catalogueItems.id))
    .limit(LIST_LIMIT);
  return rows.map(toItem);
}

export async function findItem(db: Database, userId: string, itemId: string): Promise<Item | null> {
  const [row] = await db
    .select()
    .from(catalogueItems)
    .where(
      and(
        eq(catalogueItems.id, itemId),
        eq(catalogueItems.userId, userId),
        eq(catalogueItems.deleted, false),
      ),
    )
    .limit(1);
  return row ? toItem(row) : null;
}

/** Customers of past invoices (one per e-mail) that no client of the user has the e-mail of, archived or not. */
export async function findClientCandidates(db: Database, userId: string): Promise<ClientCandidate[]> {
  const rows = await db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.userId, userId),
        notExists(
          db
            .select({ id: clients.id })
            .from(clients)
            .where(and(eq(clients.userId, userId), eq(clients.email, sql`lower(${customers.email})`))),
        ),
      ),
    )
    .orderBy(asc(customers.companyName), asc(customers.name))
    .limit(LIST_LIMIT);
  return rows.map((row) => ({
    email: row.email.toLowerCase(),
    contactName: row.name,
    companyName: row.companyName,
    address: row.address,
    vatId: row.companyVat ?? '',
    invoices: row.invoiceCount,
  }));
}
