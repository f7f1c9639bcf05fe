import { type CollectionStatus, type InvoiceCursor, PAID_UP_STATUSES } from '@remit/contracts';
import { escapeLike, type Statement } from '../rows.js';
import { matchesCte } from './search-statements.js';

/**
 * The invoice list's statements, written by hand (docs/decisions.md, "Scale out (issue 18)", the
 * list's per-request work): the page, its total and the subscription check travel as one statement,
 * so `GET /invoices` is one round trip, and the text is the same for every request of its shape, so
 * the unfiltered ones are prepared once per connection. Every statement names the owner (`$1`) in each
 * of its reads: another user's id, or another user's cursor, finds nothing.
 */

/** A row of the list: the invoice's list columns and its collection figures (null until collected). */
export interface ListRow {
  id: string;
  user_id: string;
  number: string;
  issue_date: string;
  due_date: string;
  status: string;
  amount: string | number | bigint;
  currency: string;
  customer_name: string;
  customer_company_name: string;
  customer_email: string;
  /** The issue position as text: the list's sort key and its cursors', never a lossy number. */
  position: string;
  collected: boolean;
  collection_total: string | number | bigint | null;
  amount_paid: string | number | bigint | null;
  voided: boolean | null;
  collection_issue_date: string | null;
  collection_due_date: string | null;
  credited: string | number | bigint;
  refunded: string | number | bigint;
  fully_credited: boolean;
}

/** The one row around the page's rows: whether the user is paid up, and the total (kept or counted). */
export interface ListHead {
  subscribed: boolean;
  /** The kept count, or the matches counted up to the cap plus one. */
  matched: number;
}

/** The invoice's own list columns: what a page reads of `invoices` before it joins the figures. */
const LISTED = `i.id, i.user_id, i.number, i.issue_date, i.due_date, i.status, i.amount, i.currency,
  i.customer_name, i.customer_company_name, i.customer_email, i.issued_position`;

const COLUMNS = `i.id, i.user_id, i.number, i.issue_date, i.due_date, i.status, i.amount, i.currency,
  i.customer_name, i.customer_company_name, i.customer_email, i.issued_position::text as position,
  c.invoice_id is not null as collected, c.total as collection_total, c.amount_paid, c.voided,
  c.issue_date as collection_issue_date, c.due_date as collection_due_date,
  coalesce(cr.credited, 0) as credited, coalesce(cr.refunded, 0) as refunded,
  coalesce(cr.fully_credited, false) as fully_credited`;

/** The collection figures and, for an invoice with credit notes, what they did (D-208). */
const COLLECTION = `invoice_collection c on c.invoice_id = i.id and c.user_id = i.user_id
  left join invoice_credits cr on cr.invoice_id = i.id and cr.user_id = i.user_id`;

/** What the customer owes in all (total less credits; nothing when fully credited) and what stands paid. */
const OWED =
  'case when coalesce(cr.fully_credited, false) then 0 else greatest(0, c.total - coalesce(cr.credited, 0)) end';
const KEPT_PAID = '(c.amount_paid - coalesce(cr.refunded, 0))';

const PAID_UP = PAID_UP_STATUSES.map((status) => `'${status}'`).join(', ');

/** Paid up: an `active` or `trialing` subscription (billing/repository.ts's `isSubscribed`). */
const SUBSCRIBED = `select exists (select 1 from subscriptions where user_id = $1 and status in (${PAID_UP})) as subscribed`;

/** The live invoices `invoice-totals` keeps per user: no rows counted per request. */
const KEPT = 'select coalesce((select invoices from user_invoice_totals where user_id = $1), 0) as matched';

/**
 * The row's collection status on `today` in SQL, in the order of `collectionStatusOf` (a row not yet
 * collected falls through to 'outstanding', as in the list's own figures).
 */
const collectionStatusSql = (today: string) => `case
    when c.voided then 'void'
    when coalesce(cr.credited, 0) > 0 and ${KEPT_PAID} > ${OWED} then 'refund_due'
    when coalesce(cr.fully_credited, false) and ${KEPT_PAID} <= 0 then 'credited'
    when ${KEPT_PAID} >= ${OWED} then 'paid'
    when c.issue_date > ${today} then 'draft'
    when c.due_date < ${today} then 'overdue'
    when ${KEPT_PAID} > 0 then 'partially_paid'
    else 'outstanding' end`;

export interface ListShape {
  search: string;
  status: CollectionStatus | null;
  after?: InvoiceCursor | undefined;
  before?: InvoiceCursor | undefined;
}

/** Collects parameters as the text is written; `$1` is always the user. */
function parameters(userId: string) {
  const params: unknown[] = [userId];
  return {
    params,
    add(value: unknown) {
      params.push(value);
      return `$${params.length}`;
    },
  };
}

/** The user's invoices matching the search and the status filter, as a WHERE clause over `i` (and `c`). */
function matching(shape: ListShape, add: (value: unknown) => string, today: string) {
  let where = 'i.user_id = $1';
  // LIKE, not ILIKE: `search_text` and the pattern are both lower-cased already, and ILIKE lower-cases every
  // row it tests again (2–4 times the cost of a broad search's filter, D-421). The trigram index serves both.
  if (shape.search) where += ` and i.search_text like ${add(`%${escapeLike(shape.search.toLowerCase())}%`)}`;
  if (shape.status) where += ` and (${collectionStatusSql(add(today))}) = ${add(shape.status)}`;
  return where;
}

/**
 * One page from the top (`offset`) or from a cursor, newest first (or, `before` a cursor, oldest first
 * from it: the caller turns it round), with `take` rows at most, beside the subscription check and the
 * total: the kept count unfiltered, else the matches counted up to `cap + 1`. The head is on every row,
 * and on one row with an empty page when nothing matches. A search without a status filter is
 * `searchPageStatement`'s. A status-filtered first page that holds every match (fewer than `take` rows) is its
 * own count: the count's scan runs only when there are more.
 */
export function pageStatement(
  userId: string,
  shape: ListShape,
  page: { take: number; offset: number; cap: number },
  today: string,
): Statement {
  if (shape.search && !shape.status) return searchPageStatement(userId, shape, page);
  const { params, add } = parameters(userId);
  const filtered = Boolean(shape.search || shape.status);
  const where = matching(shape, add, today);
  const { seek, order } = seekOf(shape, add);
  const offset = page.offset > 0 ? ` offset ${add(page.offset)}` : '';
  const take = add(page.take);
  const sort = `order by i.issued_position ${order}, i.id ${order}`;
  // The page's rows first, then their collection figures: joined below the sort, a search read the figures of
  // every match before keeping 16 (5,550 for a ~5.5 % search, D-421). A status filter needs them to choose.
  const rows = shape.status
    ? `select ${COLUMNS}
  from invoices i left join ${COLLECTION}
  where ${where}${seek}
  ${sort}
  limit ${take}${offset}`
    : `select ${COLUMNS}
  from (select ${LISTED} from invoices i where ${where}${seek} ${sort} limit ${take}${offset}) i
  left join ${COLLECTION}
  ${sort}`;
  // A function: its cap becomes a parameter only where the text uses it.
  const counted = () => `(select count(*)::int from (select 1 from invoices i left join ${COLLECTION}
    where ${where} limit ${add(page.cap + 1)}) m)`;
  let text: string;
  if (!filtered) {
    text = `select s.subscribed, n.matched, p.*
from (${SUBSCRIBED}) s
cross join (${KEPT}) n
left join lateral (
  ${rows}
) p on true`;
  } else if (shape.after || shape.before || offset) {
    text = `select s.subscribed, ${counted()} as matched, p.*
from (${SUBSCRIBED}) s
left join lateral (
  ${rows}
) p on true`;
  } else {
    // CASE evaluates its count only when the page is full; the page is read once (materialized).
    text = `with p as materialized (
  ${rows}
)
select s.subscribed,
  case when (select count(*) from p) < ${take} then (select count(*)::int from p) else ${counted()} end as matched,
  p.*
from (${SUBSCRIBED}) s
left join p on true`;
  }
  // A status filter's best plan depends on its values: planned each time. The rest always plan alike.
  const name = filtered
    ? undefined
    : `invoice_list_${shape.after ? 'after' : shape.before ? 'before' : 'top'}${offset ? '_offset' : ''}`;
  return { text, params, ...(name ? { name } : {}) };
}

/** The seek from a cursor, as a condition on `i`, and the order it reads in. */
function seekOf(shape: ListShape, add: (value: unknown) => string) {
  if (shape.after) {
    return {
      seek: ` and (i.issued_position, i.id) < (${cursorAt(shape.after, add)})`,
      order: 'desc',
    } as const;
  }
  if (shape.before) {
    return {
      seek: ` and (i.issued_position, i.id) > (${cursorAt(shape.before, add)})`,
      order: 'asc',
    } as const;
  }
  return { seek: '', order: 'desc' } as const;
}

/**
 * A search's page (no status filter, D-511): its rows' positions and ids from the search's walk (search-statements.ts),
 * then only those rows read and joined to their figures. From the top (`offset` pages too), one walk gives the page
 * and the count (up to `cap + 1` matches); from a cursor, a walk of `take` matches from it, and the count's from the top.
 */
function searchPageStatement(
  userId: string,
  shape: ListShape,
  page: { take: number; offset: number; cap: number },
): Statement {
  const { params, add } = parameters(userId);
  const pattern = add(`%${escapeLike(shape.search.toLowerCase())}%`);
  const { seek, order } = seekOf(shape, add);
  const counted = { name: 'm', pattern, seek: '', order: 'desc', want: page.cap + 1 } as const;
  const ctes = seek
    ? [matchesCte({ name: 'pm', pattern, seek, order, want: page.take }, add), matchesCte(counted, add)]
    : [matchesCte(counted, add)];
  const skip = seek || page.offset === 0 ? '' : ` offset ${add(page.offset)}`;
  const sort = (alias: string) => `order by ${alias}.issued_position ${order}, ${alias}.id ${order}`;
  return {
    text: `with ${ctes.join(',\n')}
select s.subscribed, (select count(*)::int from m) as matched, p.*
from (${SUBSCRIBED}) s
left join lateral (
  select ${COLUMNS}
  from (select issued_position, id from ${seek ? 'pm' : 'm'} k ${sort('k')} limit ${add(page.take)}${skip}) k
  join invoices i on i.id = k.id and i.user_id = $1
  left join ${COLLECTION}
  ${sort('k')}
) p on true`,
    params,
  };
}

const cursorAt = (cursor: InvoiceCursor, add: (value: unknown) => string) =>
  `${add(cursor.position.toString())}::bigint, ${add(cursor.id)}::text`;

/**
 * `?page=N` unfiltered, beside the subscription check and the kept count: the rows whose kept ordinal (D-420)
 * puts them `skip` to `skip + take - 1` places from the newest, read by range on `(user_id, ordinal)` with no
 * rows skipped. The newest ordinal is the user's live invoices as the list's own projection has them.
 */
export function ordinalPageStatement(userId: string, page: { skip: number; take: number }): Statement {
  return {
    name: 'invoice_list_ordinal',
    text: `select s.subscribed, n.matched, p.*
from (${SUBSCRIBED}) s
cross join (${KEPT}) n
cross join (select coalesce(max(ordinal), 0) - $2::int as top from invoices where user_id = $1) t
left join lateral (
  select ${COLUMNS}
  from invoices i left join ${COLLECTION}
  where i.user_id = $1 and i.ordinal <= t.top and i.ordinal > t.top - $3::int
  order by i.ordinal desc
) p on true`,
    params: [userId, page.skip, page.take],
  };
}
