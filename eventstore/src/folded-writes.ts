/**
 * Consecutive writes and reads of a held message (coalesced-statements.ts), folded into one statement where
 * that cannot change what they do: `with w1 as (insert …), w2 as (delete …) insert …`, or with reads among
 * them `with w1 as (insert …) select` of the reads' rows. The server then runs a batch as a few statements,
 * not one each (issue 28 goal 4, D-450, D-580).
 *
 * The statements of a `with` see one snapshot, the one taken before any of them, and their order among
 * themselves is not defined; one after another, each saw what the ones before it wrote. The two are the
 * same when no statement reads or writes a table that an earlier one in the fold writes: a statement joins
 * the fold only then, else the fold is closed and it starts the next. A statement that reads a table
 * written *later* in the fold saw it before that write either way. Read models have no triggers, foreign
 * keys, rules or views (a view would hide the tables it reads), so the tables a statement names are all it
 * touches. One after another, each read also took a snapshot of its own and could see another
 * transaction's commit that an earlier one did not; the projector's batch reads under the checkpoints'
 * lock, taken by a statement of its own before them (in read committed a lock is never folded: its wait
 * would come after the fold's snapshot), and nothing else writes read models. A transaction begun
 * `repeatable read` reads one snapshot in every statement, so there (`locks`) the lock folds too (D-603).
 * A write starting with `with` folds with its queries lifted into the fold's (D-601).
 */

const TARGET =
  /^\s*(?:insert\s+into|delete\s+from|update)\s+(?:only\s+)?((?:"(?:[^"]|"")+"|[a-z_][\w$]*)(?:\.(?:"(?:[^"]|"")+"|[a-z_][\w$]*))?)/i;
const LITERAL = /'(?:[^']|'')*'/g;
const IDENTIFIER = /"((?:[^"]|"")+)"|([a-z_][\w$]*)/gi;
/** A comment could swallow the fold's closing parenthesis. */
const COMMENT = /--|\/\*/;

/** The table name as written (quotes and schema dropped, unquoted folded to lower case). */
function nameOf(identifier: string): string {
  const last = identifier.split('.').pop() ?? identifier;
  return last.startsWith('"') ? last.slice(1, -1).replaceAll('""', '"') : last.toLowerCase();
}

const NAME = String.raw`(?:"(?:[^"]|"")+"|[a-z_][\w$]*)`;
/** Where a name is surely a column, not a table: removed before the tables are looked for. */
const COLUMNS = [
  // An insert's column list.
  new RegExp(String.raw`(\binto\s+${NAME}(?:\.${NAME})?)\s*\([^()]*\)`, 'gi'),
  // A record's shape: `json_to_recordset(…) as k(a int, …)`.
  new RegExp(String.raw`\bas\s+${NAME}\s*\([^()]*\)`, 'gi'),
  // The columns a bulk insert takes from its records.
  /\bselect\s+(?:(?!\bfrom\b)[^()])*?\s*from\s+json_to_recordset\b/gi,
  // A qualified column's name (its qualifier, a table or an alias, stays).
  new RegExp(String.raw`\.\s*${NAME}`, 'gi'),
  // An assignment's or a comparison's column.
  new RegExp(String.raw`${NAME}\s*(?==)`, 'gi'),
];
const KEPT = ['$1', '', 'from json_to_recordset', '.', ''];

/**
 * Every name a statement may read or write a table by, outside its literals: every identifier but those
 * COLUMNS finds. Erring on the side of a column taken for a table only closes a fold early.
 */
function namesIn(text: string): Set<string> {
  const names = new Set<string>();
  const stripped = COLUMNS.reduce(
    (rest, pattern, i) => rest.replace(pattern, KEPT[i] ?? ''),
    text.replace(LITERAL, "''"),
  );
  for (const match of stripped.matchAll(IDENTIFIER)) {
    names.add(match[1] !== undefined ? match[1].replaceAll('""', '"') : (match[2] ?? '').toLowerCase());
  }
  return names;
}

/** A write as the fold takes it: the `with` queries it brings (`name as (…)`), its own statement, what it writes. */
interface Write {
  ctes: string[];
  main: string;
  tables: string[];
  /** The names its `with` queries take, which every statement after them in the fold would see. */
  defines: string[];
}

const tableOf = (text: string) => {
  const target = TARGET.exec(text)?.[1];
  return target === undefined ? undefined : nameOf(target);
};

/** Literals and quoted names blanked to the same length, so parentheses and keywords in them do not count. */
const blank = (text: string) =>
  text.replace(
    /'(?:[^']|'')*'|"(?:[^"]|"")*"/g,
    (quoted) => `${quoted[0]}${' '.repeat(quoted.length - 2)}${quoted[0]}`,
  );

/** The start of a `with` list's first query and of each one after it. */
const WITH_QUERY = [/^(\s*with\s+)/i, /^(\s*,\s*)/].map(
  (lead) => new RegExp(String.raw`${lead.source}(${NAME})\s+as\s*\(`, 'i'),
);

/**
 * `with a as (…), b as (…) <insert, update or delete>`, split into its queries and its statement: undefined for
 * anything else (`recursive`, `materialized`, a column list, a main statement that reads). A CTE name like the
 * fold's own (`w0`) is not taken.
 */
function withWrite(text: string): Write | undefined {
  const masked = blank(text);
  if (!/^\s*with\s/i.test(masked)) return undefined;
  const ctes: string[] = [];
  const defines: string[] = [];
  const tables: string[] = [];
  let at = 0;
  for (;;) {
    const head = WITH_QUERY[ctes.length === 0 ? 0 : 1]?.exec(masked.slice(at));
    if (!head) break;
    const start = at + (head[1]?.length ?? 0);
    const name = text.slice(start, start + (head[2]?.length ?? 0));
    let depth = 1;
    let end = at + head[0].length;
    for (; end < masked.length && depth > 0; end++) {
      if (masked[end] === '(') depth++;
      else if (masked[end] === ')') depth--;
    }
    if (depth > 0 || /^w\d+$/i.test(nameOf(name))) return undefined;
    const body = text.slice(at + head[0].length, end - 1);
    const table = tableOf(body);
    if (table !== undefined) tables.push(table);
    else if (!/^\s*select\b/i.test(body) || !isPlainRead(body)) return undefined;
    ctes.push(`${name} as (${body})`);
    defines.push(nameOf(name));
    at = end;
  }
  const main = text.slice(at).trim();
  const table = tableOf(main);
  if (ctes.length === 0 || table === undefined) return undefined;
  return { ctes, main, tables: [...tables, table], defines };
}

/** A write that may be folded (a plain one or a `with` write), or undefined when the statement is not one. */
function writeOf(text: string): Write | undefined {
  if (COMMENT.test(text.replace(LITERAL, "''"))) return undefined;
  const table = tableOf(text);
  return table === undefined ? withWrite(text) : { ctes: [], main: text, tables: [table], defines: [] };
}

/** A write without `returning` whose answer nobody reads: a plain insert, update or delete, or a `with` one. */
export function isHeldWrite(text: string): boolean {
  if (/\breturning\b/i.test(text)) return false;
  return /^\s*(?:insert|update|delete)\b/i.test(text) || withWrite(text) !== undefined;
}

/** A plain read that may join a fold: no lock (its wait would come after the fold's snapshot), no side effect. */
const READ = /^\s*(?:select|with)\b/i;
const NOT_A_PLAIN_READ =
  /\b(?:insert|update|delete)\b|\b(?:set_config|pg_notify|nextval|setval|pg_(?:try_)?advisory\w*)\s*\(/i;
const LOCKING = /\bfor\s+(?:(?:no\s+key\s+)?update|(?:key\s+)?share)\b/gi;

/** A read without side effects; with a locking clause only when `locks` (see foldStatements). */
function isPlainRead(text: string, locks = false): boolean {
  const bare = text.replace(LITERAL, "''");
  const unlocked = bare.replace(LOCKING, '');
  return (
    READ.test(bare) && !COMMENT.test(bare) && !NOT_A_PLAIN_READ.test(unlocked) && (locks || unlocked === bare)
  );
}

/** The name of the column that starts the `i`th read's columns in a fold's answer. */
export const readMarker = (i: number) => `?read ${i}`;

/** What a statement of a held message is to the fold. */
export type FoldKind = 'write' | 'read' | 'other';

export interface Folded<T> {
  text: string;
  /** The statements of `statements` it stands for, in their order. */
  from: T[];
  /** The statements it answers: one sent as it is, or a fold's reads, each under its marker when `split`. */
  reads: T[];
  split: boolean;
}

/**
 * `statements` with each run of foldable writes and plain reads folded as described above; the others
 * stay where they are. A fold with reads is `with w0 as (…), … select` of every read's rows: each read a
 * subquery, its columns after a marker column of its own (`true as "?read 0"`), the subqueries side by side
 * in `full join … on false`, so each row of the answer is one read's, the others' columns null. The rows
 * whose marker is set are that read's, its columns as it had them (the server's types, so the caller's type
 * parsers read them as before), in its order: with no join condition a merge join is the only plan, and it
 * reads each side once, in order. `offset 0` keeps each read planned as when it ran alone. (Laterals over a
 * `values` list, one row per read, were tried first: the planner multiplied their estimates into billions
 * of rows, and compiling the statement with JIT took seconds.) A read joins a fold only if it names no
 * table written earlier in it, as a write does; writes after a read in the fold it saw before they ran
 * either way. With `locks`, a read with a locking clause is taken as a plain one: only for a transaction
 * whose statements all read its first statement's snapshot.
 */
export function foldStatements<T extends { text: string }>(
  statements: T[],
  kindOf: (statement: T) => FoldKind,
  { locks = false }: { locks?: boolean } = {},
): Folded<T>[] {
  const out: Folded<T>[] = [];
  let writes: Write[] = [];
  let reads: T[] = [];
  let from: T[] = [];
  let written = new Set<string>();
  let named = new Set<string>();
  const close = () => {
    if (from.length === 0) return;
    // A `with` write's own queries go before it, under their own names.
    const ctes = writes.flatMap((write, i) => [...write.ctes, `w${i} as (${write.main})`]);
    const [read] = reads;
    const last = writes[writes.length - 1];
    if (reads.length === 0 && last) {
      // Writes only: the last is the main statement (one alone is sent as it came).
      const before = ctes.slice(0, -1);
      const [only] = from;
      out.push({
        text: from.length === 1 && only ? only.text : `with ${before.join(', ')} ${last.main}`,
        from,
        reads,
        split: false,
      });
    } else if (read && reads.length === 1 && ctes.length === 0) {
      out.push({ text: read.text, from, reads, split: false });
    } else {
      const blocks = reads.map(
        (read, i) => `(select true as "${readMarker(i)}", * from (${read.text}) as s offset 0) as r${i}`,
      );
      const [first, ...others] = blocks;
      const select = `select * from ${first}${others.map((block) => ` full join ${block} on false`).join('')}`;
      out.push({
        text: ctes.length === 0 ? select : `with ${ctes.join(', ')} ${select}`,
        from,
        reads,
        split: true,
      });
    }
    writes = [];
    reads = [];
    from = [];
    written = new Set();
    named = new Set();
  };
  for (const statement of statements) {
    const kind = kindOf(statement);
    const write = kind === 'write' ? writeOf(statement.text) : undefined;
    const foldable = write !== undefined || (kind === 'read' && isPlainRead(statement.text, locks));
    if (!foldable) {
      close();
      out.push({ text: statement.text, from: [statement], reads: [statement], split: false });
      continue;
    }
    const names = namesIn(statement.text);
    // A `with` query's name would hide a table of that name from every statement in the fold: it joins
    // only if none names it, and one named after it closes the fold (as a written table does).
    if ([...written].some((table) => names.has(table)) || write?.defines.some((name) => named.has(name)))
      close();
    from.push(statement);
    for (const name of names) named.add(name);
    if (write === undefined) {
      reads.push(statement);
      continue;
    }
    writes.push(write);
    for (const table of [...write.tables, ...write.defines]) written.add(table);
  }
  close();
  return out;
}
