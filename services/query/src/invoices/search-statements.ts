/**
 * A search's matches without a status filter (D-511): found by walking the user's invoices in list order on
 * `invoices_user_keyset`, which carries `search_text` (readmodels migration 0032), so the walk tests each invoice
 * from the index alone and stops at the matches it wants; a narrow pattern, for which the walk would read too
 * many, takes the trigram index (`invoices_user_search`) instead. The choice is made inside the statement by what
 * the walk found, not by the planner's estimate of the pattern's share (off by orders of magnitude for many
 * patterns, D-34): a wrong estimate walked all 100,000 invoices of a user for 50 matches.
 */

/** The walk reads at most this many invoices for each match it wants: it serves patterns matching ≥ 4 %. */
export const WALK_PER_MATCH = 25;

export interface Matches {
  /** The CTE's name; `${name}_walk` and `${name}_hits` are taken too. */
  name: string;
  /** The LIKE pattern's parameter (`$n`). */
  pattern: string;
  /** An extra condition on `i` (a cursor's seek), starting with ` and`, or empty. */
  seek: string;
  order: 'asc' | 'desc';
  /** How many matches at most, first in `order`. */
  want: number;
}

/**
 * CTEs that end in `name (issued_position, id)`: the user's first `want` matches in list order (`order`) from the
 * seek. The walk is an index-only range of `want × WALK_PER_MATCH` entries at most, read only as far as its
 * `want`th hit; when it ran out of its budget with fewer hits, the trigram index gives the matches instead
 * (its bitmap, then a sort of the matches alone: `issued_position + 0` keeps the planner off the walk there).
 * A walk that reached the user's last invoice has found every match. The fallback hangs off a row that exists
 * only when it is needed (laterally joined): as a condition in its own WHERE, the planner put a parallel plan
 * above it, which started its workers (~100 ms) and read the walk to its end before looking at the condition.
 */
export function matchesCte(match: Matches, add: (value: unknown) => string): string {
  const { name, pattern, seek, order } = match;
  const want = add(match.want);
  const budget = add(match.want * WALK_PER_MATCH);
  return `${name}_walk as materialized (
  select i.issued_position, i.id, i.search_text like ${pattern} as hit from invoices i
  where i.user_id = $1${seek} order by i.issued_position ${order}, i.id ${order} limit ${budget}
),
${name}_hits as materialized (select issued_position, id from ${name}_walk where hit limit ${want}),
${name} as materialized (
  select issued_position, id from ${name}_hits
  where (select count(*) from ${name}_hits) = ${want} or (select count(*) from ${name}_walk) < ${budget}
  union all
  select f.issued_position, f.id
  from (select from ${name}_hits having count(*) < ${want}) short
  cross join lateral (select count(*) as n from ${name}_walk) walked
  cross join lateral (select i.issued_position, i.id from invoices i
    where walked.n = ${budget} and i.user_id = $1 and i.search_text like ${pattern}${seek}
    order by i.issued_position + 0 ${order}, i.id ${order} limit ${want}) f
)`;
}
