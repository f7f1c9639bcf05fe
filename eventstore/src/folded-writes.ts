/**
 * Consecutive writes of a held message (coalesced-statements.ts), folded into one statement where that
 * cannot change what they do: `with w1 as (insert …), w2 as (delete …) insert …`. The server then runs a
 * batch's writes as a few statements, not one each (issue 28 goal 4, D-450).
 *
 * The statements of a `with` see one snapshot, the one taken before any of them, and their order among
 * themselves is not defined; one after another, each saw what the ones before it wrote. The two are the
 * same when no statement reads or writes a table that an earlier one in the fold writes: a write joins the
 * fold only then, else the fold is closed and the write starts the next. A statement that reads a table
 * written *later* in the fold saw it before that write either way. Read models have no triggers, foreign
 * keys, rules or views (a view would hide the tables it reads), so the tables a statement names are all it
 * touches.
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

/** The table a plain write changes, or undefined when the statement is not one that may be folded. */
function targetOf(text: string): string | undefined {
  if (COMMENT.test(text.replace(LITERAL, "''"))) return undefined;
  const target = TARGET.exec(text)?.[1];
  return target === undefined ? undefined : nameOf(target);
}

/**
 * `statements` with each run of foldable writes (`isWrite` true) folded as described above; the others
 * stay where they are. Returns the statements to send, each with those of `statements` it stands for.
 */
export function foldWrites<T extends { text: string }>(
  statements: T[],
  isWrite: (statement: T) => boolean,
): { text: string; from: T[] }[] {
  const out: { text: string; from: T[] }[] = [];
  let fold: { text: string; statement: T }[] = [];
  let written = new Set<string>();
  const close = () => {
    if (fold.length === 0) return;
    const last = fold[fold.length - 1] as { text: string };
    const ctes = fold.slice(0, -1).map((write, i) => `w${i} as (${write.text})`);
    out.push({
      text: ctes.length === 0 ? last.text : `with ${ctes.join(', ')} ${last.text}`,
      from: fold.map((write) => write.statement),
    });
    fold = [];
    written = new Set();
  };
  for (const statement of statements) {
    const target = isWrite(statement) ? targetOf(statement.text) : undefined;
    if (target === undefined) {
      close();
      out.push({ text: statement.text, from: [statement] });
      continue;
    }
    const names = namesIn(statement.text);
    if ([...written].some((table) => names.has(table))) close();
    fold.push({ text: statement.text, statement });
    written.add(target);
  }
  close();
  return out;
}
