import type { Database } from '@remit/eventstore';
import { sql } from 'drizzle-orm';

/**
 * Many invoices for one user, written straight into the read-model tables the list and the stats read
 * (`invoices`, `invoice_collection`, `totals_invoices`, then the kept per-user rows aggregated from those
 * in SQL). For the query benchmark and the list's tests at sizes the HTTP path would take minutes to make:
 * the rows have the projections' shape (their correctness is the projections' tests' business), and the
 * figures are a believable mix — most paid, some partly paid, some owing (many overdue), 1 in 20 void —
 * over 3 years up to `today`, across `clients` clients (3 in 25 of them a '… Trading Ltd') and two currencies.
 * Ordinals are 1 … count in list order, as the projection numbers them: the user must have no invoices yet.
 */
export async function seedInvoices(
  db: Database,
  options: {
    userId: string;
    count: number;
    /** Issue positions are `firstPosition + 1 …`; another user's seed should not overlap. */
    firstPosition?: number;
    clients?: number;
    today: string;
    /** Give every row this issue position (ties on the list's sort key, which real logs never make). */
    samePosition?: boolean;
  },
): Promise<void> {
  const { userId, count, today } = options;
  const first = options.firstPosition ?? 0;
  const clients = options.clients ?? Math.max(1, Math.round(count / 50));
  const content = JSON.stringify(sampleContent);
  const position = options.samePosition ? sql`${first + 1}::bigint` : sql`${first}::bigint + g`;
  // One statement: the rows once, written to each table, and the kept per-user rows aggregated from them
  // (the user must have no invoices yet).
  await db.execute(sql`
    with seed as (
      select
        ${userId}::text || '-' || lpad(g::text, 7, '0') as invoice_id,
        'INV-' || lpad(g::text, 7, '0') as number,
        to_char(${today}::date - (((${count}::int - g) * 1095) / ${count}::int), 'YYYY-MM-DD') as issue_date,
        to_char(${today}::date - (((${count}::int - g) * 1095) / ${count}::int) + 30, 'YYYY-MM-DD') as due_date,
        (10000 + (g * 7919) % 490000)::bigint as total,
        case when g % 7 = 0 then 'USD' else 'EUR' end as currency,
        'Client ' || (g % ${clients}::int) as customer_name,
        'client' || (g % ${clients}::int) || '@example.com' as customer_email,
        -- 3 clients in 25 trade: 'trading' matches 12 % of the invoices (the broad search's figure).
        'Company ' || (g % ${clients}::int) || case when (g % ${clients}::int) % 25 < 3 then ' Trading' else '' end
          || ' Ltd' as company,
        g % 20 as kind,
        ${position} as issued_position,
        g as ordinal
      from generate_series(1, ${count}::int) as g
    ),
    figures as (
      select seed.*,
        case when kind = 0 then 0 when kind in (1, 2) then total / 2 when kind in (3, 4, 5) then 0
          else total end as paid,
        kind = 0 as voided
      from seed
    ),
    settled as (
      select figures.*,
        case when voided then 0 else greatest(total - paid, 0) end as balance,
        case when paid > 0 then jsonb_build_object('p-' || invoice_id, paid) else '{}'::jsonb end as payments
      from figures
    ),
    listed as (
      insert into invoices (id, user_id, number, issue_date, due_date, status, amount, currency, customer_name,
        customer_email, customer_company_name, search_text, content, issued_position, ordinal, created_at, updated_at)
      select invoice_id, ${userId}, number, issue_date, due_date, 'Draft', total, currency, customer_name,
        customer_email, company, lower(number || ' ' || customer_name || ' ' || customer_email || ' ' || company),
        jsonb_set(jsonb_set(${content}::jsonb, '{number}', to_jsonb(number)), '{total}', to_jsonb(total)),
        issued_position, ordinal, now(), now()
      from settled
    ),
    collected as (
      insert into invoice_collection (invoice_id, user_id, number, currency, total, amount_paid, voided,
        void_reason, issue_date, due_date, customer_email, customer_name, issued_position)
      select invoice_id, ${userId}, number, currency, total, paid, voided,
        case when voided then 'Seeded' end, issue_date, due_date, customer_email, customer_name, issued_position
      from settled
    ),
    kept as (
      insert into totals_invoices (invoice_id, user_id, currency, customer_email, customer_name, total, paid,
        payments, voided, balance, issue_date, due_date, issued_position)
      select invoice_id, ${userId}, currency, customer_email, customer_name, total, paid, payments, voided,
        balance, issue_date, due_date, issued_position
      from settled
    ),
    counted as (
      insert into user_invoice_totals (user_id, invoices) values (${userId}, ${count}::int)
    ),
    owing as (
      insert into owing_days (user_id, since, currency, inclusive, invoices, balance)
      select ${userId}, greatest(issue_date, due_date), currency, issue_date > due_date, count(*), sum(balance)
      from settled where balance > 0 group by 2, 3, 4
    ),
    per_currency as (
      insert into currency_totals (user_id, currency, invoices, paid, outstanding)
      select ${userId}, currency, count(*), sum(paid), sum(balance) from settled group by currency
    )
    insert into client_currency_totals (user_id, customer_email, currency, customer_name, newest_position,
      invoices, billed, paid, outstanding, open_invoices, last_issue_date)
    select ${userId}, customer_email, currency,
      (array_agg(customer_name order by issued_position desc, invoice_id desc))[1], max(issued_position),
      count(*), sum(case when voided then 0 else total end), sum(paid), sum(balance),
      count(*) filter (where balance > 0), max(issue_date)
    from settled group by customer_email, currency`);
  await db.execute(sql`analyze invoices`);
  await db.execute(sql`analyze invoice_collection`);
  await db.execute(sql`analyze totals_invoices`);
  await db.execute(sql`analyze client_currency_totals`);
}

/** The content column of every seeded row: an invoice of ordinary size (two lines, both parties). */
const sampleContent = {
  number: 'INV-0000001',
  issueDate: '2026-01-01',
  dueDate: '2026-01-31',
  currency: 'EUR',
  taxRate: 2000,
  items: [
    { description: 'Design of the engine', quantity: 2, unitPrice: 95050, total: 190100 },
    { description: 'Punch cards', quantity: 3, unitPrice: 10, total: 30 },
  ],
  subtotal: 190130,
  tax: 38026,
  total: 228156,
  seller: {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    address: '12 Analytical Street, London',
    companyName: 'Engines & Co',
    vatId: 'GB123456789',
  },
  customer: {
    name: 'Charles Babbage',
    email: 'charles@difference.example',
    address: '1 Dorset Street, London',
    companyName: 'Difference Works',
    vatId: null,
  },
  notes: 'Thank you!',
  terms: 'Payment due in 30 days.',
  logo: null,
  paymentMethod: null,
  template: { id: 'classic', name: 'Classic', componentName: 'ClassicTemplate' },
};
