/**
 * Parsing and matching a large bank statement: `npm run bench:bank -- 10000`. Builds a CAMT.053 (001.02, the
 * layout of services/command's statement tests) and an MT940 of N credits against N open invoices of one owner:
 * 60 % name an invoice with its exact balance (in the ways banks mangle it), 20 % pay part, 10 % only the
 * payer's name, 10 % nothing. Times reading the file and matching every credit (the pure part of
 * `POST /bank-statements`; the database reads and the one append are measured by the command benchmarks),
 * several runs; prints medians, ranges and the process's peak RSS.
 */
import { parseCamt053 } from '../services/command/src/bank/camt.js';
import { matchEntries } from '../services/command/src/bank/import.js';
import { type InvoiceCandidate, NumberIndex, PayerIndex } from '../services/command/src/bank/matching.js';
import { parseMt940 } from '../services/command/src/bank/mt940.js';
import type { ParsedStatement } from '../services/command/src/bank/statement.js';
import {
  camt053,
  mt940,
  type TestEntry,
  type TestMt940Entry,
} from '../services/command/src/bank/testing/statements.js';

const TOTAL = Number(process.argv[2] ?? 10_000);
const RUNS = Number(process.argv[3] ?? 7);

const numberOf = (index: number) => `INV-2026-${String(index + 1).padStart(5, '0')}`;
const customerOf = (index: number) => `Customer ${index % 500} GmbH`;
const candidates = new Map<string, InvoiceCandidate>();
for (let index = 0; index < TOTAL; index += 1) {
  candidates.set(`invoice-${index}`, {
    invoiceId: `invoice-${index}`,
    number: numberOf(index),
    currency: 'EUR',
    issueDate: '2026-11-01',
    balance: 10_000 + index,
    voided: false,
    credited: false,
    customerName: customerOf(index),
  });
}
const directory = [...candidates.values()];

const mangled = (number: string, index: number): string[] => {
  switch (index % 4) {
    case 0:
      return [`SVWZ+RE ${number}`];
    case 1:
      return [number.toLowerCase().replaceAll('-', ' ')];
    case 2:
      return [`Rechnung ${number.slice(0, 10)}`, number.slice(10)];
    default:
      return [`Facture n° ${number.replaceAll('-', '')} merci`];
  }
};
const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const entries: TestEntry[] = Array.from({ length: TOTAL }, (_, index) => {
  const balance = 10_000 + index;
  const kind = index % 10;
  if (kind < 6) return { amount: decimal(balance), unstructured: mangled(numberOf(index), index) };
  if (kind < 8)
    return { amount: decimal(Math.floor(balance / 2)), unstructured: [`Teilzahlung ${numberOf(index)}`] };
  if (kind < 9)
    return { amount: decimal(balance), payer: customerOf(index).toUpperCase(), unstructured: ['Danke'] };
  return { amount: '12.34', payer: 'Finanzamt', unstructured: ['Erstattung'] };
});
const camt = camt053(entries);
const mtEntries: TestMt940Entry[] = entries.map((entry, index) => ({
  amount: entry.amount.replace('.', ','),
  bankReference: `REF${index}`,
  purpose: (entry.unstructured ?? []).map((line) => line.slice(0, 27)),
  ...(entry.payer ? { payer: entry.payer } : {}),
}));
const swift = mt940(mtEntries);

function measure(parse: () => ParsedStatement) {
  const started = performance.now();
  const statement = parse();
  const parsed = performance.now();
  const numbers = new NumberIndex(directory);
  const payers = new PayerIndex(
    directory.map((invoice) => ({ invoiceId: invoice.invoiceId, names: [invoice.customerName] })),
  );
  const outcomes = matchEntries(statement.entries, numbers, payers, candidates);
  const matched = performance.now();
  const automatic = outcomes.filter((outcome) => outcome.kind === 'automatic').length;
  return { parse: parsed - started, match: matched - parsed, total: matched - started, automatic };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};
const figure = (values: number[]) =>
  `${median(values).toFixed(0)} ms (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;

for (const [name, text, parse] of [
  ['CAMT.053', camt, () => parseCamt053(camt)],
  ['MT940', swift, () => parseMt940(swift)],
] as const) {
  const runs = Array.from({ length: RUNS }, () => measure(parse));
  const [first] = runs;
  console.log(
    `${name}, ${TOTAL} credits, ${(Buffer.byteLength(text) / 1024 / 1024).toFixed(1)} MB, ${RUNS} runs: parse ${figure(runs.map((run) => run.parse))}, match ${figure(runs.map((run) => run.match))}, total ${figure(runs.map((run) => run.total))}; ${first?.automatic} applied by themselves`,
  );
}
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
