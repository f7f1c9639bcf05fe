import { createRequire } from 'node:module';
import { foldStatements, isHeldWrite, readMarker } from './folded-writes.js';

/** node-postgres' own text form of a bind parameter (its types do not declare the module). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue(value: unknown): unknown;
};

/**
 * A transaction's statements on one node-postgres connection, sent as few messages as possible without
 * changing what runs: the statements made while the transaction's JavaScript runs on (everything asked
 * for before the event loop next turns: side-by-side work's reads, a `begin`, a lock) leave together as
 * one multi-statement query, and each caller gets its own statement's answer. The server runs them one
 * after another in the order they were made, inside the same transaction, so every statement sees what
 * the ones before it did. A multi-statement query takes no bind parameters, so each statement's
 * parameters are written into its text as quoted literals in node-postgres' own text form
 * (`prepareValue`), untyped as a parameter is; a statement that cannot be written so (a prepared name, a
 * binary parameter, a dollar quote) or that has no Drizzle type parsers to read its rows with is sent as it
 * is, after everything held.
 *
 * Some statements are answered at once and sent with the next message: `begin` always, and with
 * `answerWritesAtOnce` writes without `returning` (whose answers no caller reads: an insert, update or delete,
 * or a `with` whose statement is one, folded-writes.ts `isHeldWrite`); if one fails, the
 * message it travels in fails, so its error is the next statement's (at the latest `commit`'s). Such writes
 * and plain reads in a row are sent as one statement where that changes nothing (folded-writes.ts), each
 * read answered with its own rows and columns.
 */

export interface QueryConfig {
  text: string;
  name?: string;
  rowMode?: string;
  types?: unknown;
}
export type Query = (config: QueryConfig | string, values?: unknown[]) => Promise<unknown>;

interface Answer {
  command?: string;
  rowCount: number | null;
  rows: unknown[];
  fields: { name: string }[];
}

interface Held {
  text: string;
  /** Undefined: answered already. */
  waiter?: { resolve(answer: unknown): void; reject(error: unknown): void; objects: boolean };
}

export interface CoalescingOptions {
  /** Writes without `returning` are answered at once (a projector batch, whose writes nobody reads). */
  answerWritesAtOnce: boolean;
}

/** `begin` (as Drizzle writes it, with an isolation level or not), `commit`, `rollback`. */
const CONTROL = /^\s*(begin(?:\s+isolation\s+level\s+[a-z ]+?)?|commit|rollback)\s*$/i;
const BEGIN = /^\s*begin\b/i;
/** A transaction that reads one snapshot throughout: the one its first statement takes. */
const ONE_SNAPSHOT = /\bisolation\s+level\s+(?:repeatable\s+read|serializable)\b/i;
const PARAMETER = /'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g;
const QUOTED = /'(?:[^']|'')*'|"(?:[^"]|"")*"/g;

/** A quoted literal for one parameter as node-postgres would have sent it, or undefined. */
function literal(value: unknown): string | undefined {
  const prepared: unknown = prepareValue(value);
  if (prepared === null || prepared === undefined) return 'null';
  if (typeof prepared !== 'string') return undefined;
  const quoted = `'${prepared.replaceAll("'", "''")}'`;
  return prepared.includes('\\') ? ` E${quoted.replaceAll('\\', '\\\\')}` : quoted;
}

/** The statement with its parameters written in, or undefined when it must travel as it is. */
export function inlineStatement(text: string, values: readonly unknown[] | undefined): string | undefined {
  // A statement of several (its answers would not be one), with quoting of its own, or with a comment (an
  // apostrophe in `-- the search's figure` would read as a literal's start and hide the parameters after it)
  // travels as it is.
  if (text.includes('$$') || /\bE'/i.test(text) || /--|\/\*/.test(text)) return undefined;
  if (text.replace(QUOTED, '').includes(';')) return undefined;
  const literals = (values ?? []).map(literal);
  if (literals.some((value) => value === undefined)) return undefined;
  let complete = true;
  const written = text.replace(PARAMETER, (match, index: string | undefined) => {
    if (index === undefined) return match;
    const value = literals[Number(index) - 1];
    if (value === undefined) complete = false;
    return value ?? '';
  });
  return complete ? written : undefined;
}

/** A multi-statement answer as the statement's caller expects it: arrays or objects as it asked. */
function answerOf(result: Answer, objects: boolean): Answer {
  const { command, rowCount, fields } = result;
  if (!objects) return { command, rowCount, rows: result.rows, fields };
  const rows = (result.rows as unknown[][]).map((row) =>
    Object.fromEntries(fields.map((field, i) => [field.name, row[i]])),
  );
  return { command, rowCount, rows, fields };
}

/** Each folded read's answer out of its fold's (foldStatements): the rows and columns under its marker. */
function splitAnswer(result: Answer, reads: number): Answer[] {
  const starts = Array.from({ length: reads }, (_, i) =>
    result.fields.findIndex((field) => field.name === readMarker(i)),
  );
  return starts.map((start, i) => {
    const end = starts[i + 1] ?? result.fields.length;
    const rows = (result.rows as unknown[][])
      .filter((row) => row[start] !== null)
      .map((row) => row.slice(start + 1, end));
    return { command: 'SELECT', rowCount: rows.length, rows, fields: result.fields.slice(start + 1, end) };
  });
}

/**
 * `query` for a transaction on `send` (the connection's own query, in pipeline mode or queued), holding
 * statements as described above. `setAnswerWritesAtOnce` switches that mode on for the rest of the
 * transaction.
 */
export function coalescingQuery(
  send: Query,
  options: CoalescingOptions,
): { query: Query; setAnswerWritesAtOnce(): void; flush(): Promise<void> } {
  let { answerWritesAtOnce } = options;
  let held: Held[] = [];
  let types: unknown;
  let scheduled = false;
  // Begun `repeatable read`: every statement reads the transaction's one snapshot, so a lock may fold.
  let oneSnapshot = false;

  const flush = (): Promise<unknown> | undefined => {
    scheduled = false;
    if (held.length === 0) return undefined;
    // A statement with a waiter is read (folded only if a plain read); one without, a write answered already.
    const batch = foldStatements(
      held,
      (statement) => (statement.waiter ? 'read' : isHeldWrite(statement.text) ? 'write' : 'other'),
      { locks: oneSnapshot },
    );
    held = [];
    const config: QueryConfig = {
      text: batch.map((statement) => statement.text).join(';\n'),
      rowMode: 'array',
    };
    if (types !== undefined) config.types = types;
    const message = send(config);
    message.then(
      (answer) => {
        const results = (Array.isArray(answer) ? answer : [answer]) as Answer[];
        batch.forEach(({ reads, split }, i) => {
          const result = results[i];
          // Writes answered already have no waiter; a fold's reads each get their part of its answer.
          const answers = result && split ? splitAnswer(result, reads.length) : [result];
          reads.forEach((read, j) => {
            const { waiter } = read;
            if (!waiter) return;
            const own = answers[j];
            if (own) waiter.resolve(answerOf(own, waiter.objects));
            else waiter.reject(new Error('a held statement had no answer'));
          });
        });
      },
      (error: unknown) => {
        for (const { from } of batch) for (const statement of from) statement.waiter?.reject(error);
      },
    );
    return message;
  };

  const query: Query = async (config, values) => {
    const { text, name, rowMode } = typeof config === 'string' ? { text: config } : config;
    const configTypes = typeof config === 'string' ? undefined : config.types;
    const control = CONTROL.test(text) && !values?.length;
    if (control && /rollback/i.test(text)) {
      // Nothing held is wanted any more; the rollback ends the transaction either way.
      held = held.filter((statement) => statement.waiter !== undefined);
      const before = flush();
      before?.catch(() => undefined);
      return send(config, values);
    }
    const written = name === undefined ? inlineStatement(text, values) : undefined;
    const readable = control || configTypes !== undefined;
    if (written === undefined || !readable) {
      // Both are on their way now, in this order; a failed held statement is the error to report.
      const before = flush();
      const answer = send(config, values);
      if (before) {
        answer.catch(() => undefined);
        await before;
      }
      return answer;
    }
    if (configTypes !== undefined) types ??= configTypes;
    const begin = control && BEGIN.test(text);
    if (begin && ONE_SNAPSHOT.test(text)) oneSnapshot = true;
    const atOnce = begin || (answerWritesAtOnce && isHeldWrite(text));
    if (atOnce) {
      held.push({ text: written });
      return { command: text.trim().split(/\s/)[0]?.toUpperCase(), rowCount: null, rows: [], fields: [] };
    }
    const answer = new Promise((resolve, reject) => {
      held.push({ text: written, waiter: { resolve, reject, objects: rowMode !== 'array' } });
    });
    if (/^\s*commit\s*$/i.test(text)) {
      flush()?.catch(() => undefined);
    } else if (!scheduled) {
      scheduled = true;
      // Everything the transaction's JavaScript asks for before the loop turns goes in this message.
      setImmediate(() => flush()?.catch(() => undefined));
    }
    return answer;
  };
  return {
    query,
    setAnswerWritesAtOnce: () => {
      answerWritesAtOnce = true;
    },
    // Where no `commit` statement passes (PGlite's transaction ends by a call of its own): sends what is held.
    flush: async () => {
      await flush();
    },
  };
}

/** Connections (as a transaction's Drizzle session holds them) whose statements are already held. */
const coalescing = new WeakMap<object, { setAnswerWritesAtOnce(): void }>();

export function registerCoalescing(client: object, held: { setAnswerWritesAtOnce(): void }): void {
  coalescing.set(client, held);
}

/** The holder of `client`'s statements, when they are held (coalescingQuery). */
export function coalescingOf(client: object): { setAnswerWritesAtOnce(): void } | undefined {
  return coalescing.get(client);
}
