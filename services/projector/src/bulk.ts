import type { Database } from '@remit/eventstore';
import { type Column, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** Bind parameters per statement, well under PostgreSQL's 65,535. */
const PARAMETERS = 30_000;

export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** Rows of `table` whose `column` is one of `values` (chunked: one statement per 5,000 values). */
export async function selectWhereIn<Table extends PgTable>(
  db: Database,
  table: Table,
  column: Column,
  values: readonly unknown[],
): Promise<Table['$inferSelect'][]> {
  const unique = [...new Set(values)];
  const rows: Table['$inferSelect'][] = [];
  for (const part of chunks(unique, 5_000)) {
    rows.push(
      ...((await db
        .select()
        .from(table as PgTable)
        .where(inArray(column, part))) as Table['$inferSelect'][]),
    );
  }
  return rows;
}

/**
 * `(columns) in (keys)` for a composite key, with the keys as one JSON parameter: a long list of row
 * constructors is planned as an OR chain, quadratic in its length (and it aborts PGlite's WebAssembly
 * build at about a thousand), while a semi-join on `json_to_recordset` stays linear.
 */
export function keysIn(columns: Column[], keys: readonly unknown[][]): SQL {
  const names = columns.map((_, i) => `k${i}`);
  const records = keys.map((key) =>
    Object.fromEntries(
      key.map((value, i) => [names[i], typeof value === 'bigint' ? value.toString() : value]),
    ),
  );
  const shape = columns.map((column, i) => `${names[i]} ${(column as PgColumn).getSQLType()}`).join(', ');
  return sql`(${sql.join(
    columns.map((column) => sql`${column}`),
    sql`, `,
  )}) in (select ${sql.raw(names.join(', '))} from json_to_recordset(${JSON.stringify(records)}::json) as k(${sql.raw(shape)}))`;
}

/** Rows of `table` whose `columns` are one of the `keys` tuples (a composite key). */
export async function selectWhereKeys<Table extends PgTable>(
  db: Database,
  table: Table,
  columns: Column[],
  keys: readonly unknown[][],
): Promise<Table['$inferSelect'][]> {
  if (keys.length === 0) return [];
  const unique = [...new Map(keys.map((key) => [JSON.stringify(key, jsonSafe), key])).values()];
  return (await db
    .select()
    .from(table as PgTable)
    .where(keysIn(columns, unique))) as Table['$inferSelect'][];
}

const jsonSafe = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

/**
 * One table's rows touched by a batch: loaded once, changed in memory event by event in log order (so a
 * create, revise and delete of one row in one batch ends as it would one event at a time), then written
 * with one multi-row upsert and one multi-row delete. A row deleted and created again in the batch is
 * upserted with every column, which is what the delete and the insert would have left.
 */
export class BatchRows<Table extends PgTable> {
  private readonly current = new Map<string, Table['$inferSelect'] | undefined>();
  private readonly existed = new Map<string, Table['$inferSelect']>();
  private readonly dirty = new Set<string>();
  private readonly keyColumns: [string, Column][];

  constructor(
    private readonly table: Table,
    /** The primary key's columns, by property name. */
    keys: (keyof Table['$inferSelect'] & string)[],
    loaded: Table['$inferSelect'][] = [],
  ) {
    const columns = getTableColumns(table) as Record<string, Column>;
    this.keyColumns = keys.map((key) => [key, columns[key] as Column]);
    for (const row of loaded) {
      const key = this.keyOf(row);
      this.current.set(key, row);
      this.existed.set(key, row);
    }
  }

  keyOf(row: Partial<Table['$inferSelect']>): string {
    return JSON.stringify(this.keyColumns.map(([key]) => String((row as Record<string, unknown>)[key])));
  }

  get(key: Partial<Table['$inferSelect']>): Table['$inferSelect'] | undefined {
    return this.current.get(this.keyOf(key));
  }

  /** Every row as it stands now. */
  rows(): Table['$inferSelect'][] {
    return [...this.current.values()].filter((row) => row !== undefined);
  }

  /** Sets the whole row (every column: a row written here replaces what was there). */
  put(row: Table['$inferSelect']): void {
    const key = this.keyOf(row);
    this.current.set(key, row);
    this.dirty.add(key);
  }

  delete(key: Partial<Table['$inferSelect']>): void {
    const id = this.keyOf(key);
    if (this.current.get(id) === undefined) return;
    this.current.set(id, undefined);
    this.dirty.add(id);
  }

  /**
   * Writes what changed: the deletes, then the upserts, each as few multi-row statements. `computed` gives a
   * column an expression over the row's record `k` in place of its value.
   */
  async write(db: Database, computed: Computed = {}): Promise<void> {
    const deleted: Table['$inferSelect'][] = [];
    const upserted: Table['$inferSelect'][] = [];
    for (const key of this.dirty) {
      const row = this.current.get(key);
      if (row !== undefined) upserted.push(row);
      else {
        const before = this.existed.get(key);
        if (before) deleted.push(before);
      }
    }
    await deleteRows(db, this.table, this.keyColumns, deleted);
    await upsertRows(db, this.table, this.keyColumns, upserted, computed);
  }
}

/** Expressions some columns of an insert take in place of their record's value, by column name. */
export type Computed = Record<string, SQL>;

async function deleteRows(
  db: Database,
  table: PgTable,
  keyColumns: [string, Column][],
  rows: Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  for (const part of chunks(rows, Math.floor(PARAMETERS / keyColumns.length))) {
    let where: SQL;
    if (keyColumns.length === 1) {
      const [[key, column]] = keyColumns as [[string, Column]];
      where = inArray(
        column,
        part.map((row) => row[key]),
      );
    } else {
      where = keysIn(
        keyColumns.map(([, column]) => column),
        part.map((row) => keyColumns.map(([key]) => row[key])),
      );
    }
    await db.delete(table).where(where);
  }
}

/** Rows per statement when they travel as one JSON parameter. */
export const ROWS_PER_STATEMENT = 5_000;

/**
 * `insert into table (…) select … from json_to_recordset($1)`: the rows travel as one JSON parameter
 * instead of one bind parameter per column and row, which spares the query builder and the driver tens
 * of thousands of parameters a batch (most of the time a projector spent in JavaScript).
 */
function insertFromJson(table: PgTable, rows: Record<string, unknown>[], computed: Computed = {}): SQL {
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>);
  const names = columns.map(([, column]) => `"${column.name}"`).join(', ');
  const values = sql.join(
    columns.map(([, column]) => computed[column.name] ?? sql.raw(`"${column.name}"`)),
    sql`, `,
  );
  const shape = columns.map(([, column]) => `"${column.name}" ${column.getSQLType()}`).join(', ');
  const records = rows.map((row) =>
    Object.fromEntries(columns.map(([key, column]) => [column.name, row[key] ?? null])),
  );
  return sql`insert into ${table} (${sql.raw(names)})
    select ${values} from json_to_recordset(${JSON.stringify(records, jsonSafe)}::json) as k(${sql.raw(shape)})`;
}

/** Inserts `rows` as JSON (a statement per 5,000), with the given `on conflict …` clause. */
export async function insertRows<Table extends PgTable>(
  db: Database,
  table: Table,
  rows: Table['$inferInsert'][],
  onConflict: SQL,
): Promise<void> {
  for (const part of chunks(rows, ROWS_PER_STATEMENT)) {
    await db.execute(sql`${insertFromJson(table, part)} ${onConflict}`);
  }
}

async function upsertRows(
  db: Database,
  table: PgTable,
  keyColumns: [string, Column][],
  rows: Record<string, unknown>[],
  computed: Computed,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, Column>;
  const keys = new Set(keyColumns.map(([key]) => key));
  const others = Object.entries(columns).filter(([key]) => !keys.has(key));
  const target = sql.raw(keyColumns.map(([, column]) => `"${column.name}"`).join(', '));
  const onConflict =
    others.length > 0
      ? sql`on conflict (${target}) do update set ${sql.raw(
          others.map(([, column]) => `"${column.name}" = excluded."${column.name}"`).join(', '),
        )}`
      : sql`on conflict (${target}) do nothing`;
  for (const part of chunks(rows, ROWS_PER_STATEMENT)) {
    await db.execute(sql`${insertFromJson(table, part, computed)} ${onConflict}`);
  }
}

/**
 * Inserts rows, keeping what is there: the first row of a key wins, whether written before or earlier
 * in `rows` (in log order), as one `insert … on conflict do nothing` per event would.
 */
export async function insertNew<Table extends PgTable>(
  db: Database,
  table: Table,
  keys: (keyof Table['$inferInsert'] & string)[],
  rows: Table['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const first = new Map<string, Table['$inferInsert']>();
  for (const row of rows) {
    const key = JSON.stringify(keys.map((name) => String(row[name])));
    if (!first.has(key)) first.set(key, row);
  }
  for (const part of chunks([...first.values()], ROWS_PER_STATEMENT)) {
    await db.execute(sql`${insertFromJson(table, part)} on conflict do nothing`);
  }
}
