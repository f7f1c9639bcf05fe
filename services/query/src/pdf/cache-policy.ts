// Its own module so the server's render pool can name it without loading Typst's native compiler, which only
// the render workers need (issue 28, goal 2).

/**
 * How much of Typst's memoisation a worker keeps between renders. Typst (comemo) caches every layout step keyed
 * by its inputs; invoices of one template share most of them (fonts, text runs, labels, the table's shape), so a
 * render that reuses them compiles in about 3 ms instead of about 18 (provided the templates keep invoice data
 * out of their styles, see lib.typ). Each eviction ages every entry by one and a hit resets its age, so entries
 * from other invoices go after `maxAge` evictions while the template's own stay.
 */
export interface CachePolicy {
  /** Entries unused for this many evictions are dropped; 0 drops everything (no reuse between renders). */
  maxAge: number;
  /** Evict after every this many renders. */
  every: number;
}

export const defaultCachePolicy: CachePolicy = { maxAge: 3, every: 1 };
