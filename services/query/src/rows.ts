import type { Database } from '@remit/eventstore';

/** One statement as sent: its text with `$n` parameters, their values, and a name to prepare it under. */
export interface Statement {
  text: string;
  params: unknown[];
  /**
   * PostgreSQL keeps a named statement parsed and planned per connection, so its next runs skip both.
   * Only for a text whose best plan does not depend on the values (after five runs the server may
   * switch to one generic plan for all): not for a search pattern, whose selectivity picks the plan.
   * The same name must always carry the same text. PGlite ignores it.
   */
  name?: string;
}

/**
 * The rows of a hand-written statement, as objects keyed by column name, on either driver: no query
 * building and no row mapping per request (the list's hot path). Values come as the driver parses
 * them: text as strings, int4 as numbers, booleans as booleans; bigint and numeric may be strings or
 * bigints, so callers convert them (`Number`, `BigInt`); dates and timestamps stay text.
 */
export async function readRows<Row>(db: Database, statement: Statement): Promise<Row[]> {
  const result = await db._.session
    .prepareQuery({ sql: statement.text, params: statement.params }, undefined, statement.name, false)
    .execute();
  return Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);
}

/** A user's search text as a LIKE pattern's literal part: `%`, `_` and `\` match only themselves. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);
