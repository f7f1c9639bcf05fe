import type { BankSuggestion } from '@remit/contracts';
import type { StatementEntry } from './statement.js';

/** An invoice as its stream states it, what matching needs of it. */
export interface InvoiceCandidate {
  invoiceId: string;
  number: string;
  currency: string;
  issueDate: string;
  /** Minor units still due. */
  balance: number;
  voided: boolean;
  /** A credit note corrects it: a transfer naming it is never applied by itself. */
  credited: boolean;
  customerName: string;
}

export type MatchOutcome =
  | { kind: 'automatic'; invoice: InvoiceCandidate }
  | { kind: 'suggested'; suggestions: BankSuggestion[] }
  | { kind: 'unmatched' };

/**
 * Upper case, letters and digits of any script only, German umlauts written out and other accents dropped
 * ("Müller" and "MUELLER" are one name; "Мария Иванова" stays Cyrillic).
 */
export function nameKey(value: string): string {
  return value
    .toLowerCase()
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .replaceAll('ß', 'ss')
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toUpperCase();
}

/** An invoice number as banks mangle it: case, spaces, dashes and slashes do not count. */
export const numberKey = (number: string) => number.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
/** ASCII first (nearly every remittance), any script after. */
const isLetterOrDigit = (char: string) =>
  (char >= 'A' && char <= 'Z') ||
  (char >= '0' && char <= '9') ||
  (char > '\u007f' && LETTER_OR_DIGIT.test(char));

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';

/**
 * The remittance lines as one run of letters and digits, with where the bank had a break (a space, a
 * separator, a new line or segment): a number may span a break (banks wrap lines at 35 or 27 characters),
 * but must not be glued to more digits on either side (INV-1 is not INV-12).
 */
function compact(segments: readonly string[]): { text: string; breakAfter: boolean[] } {
  let text = '';
  const breakAfter: boolean[] = [];
  for (const segment of segments) {
    for (const char of segment.toUpperCase()) {
      if (isLetterOrDigit(char)) {
        text += char;
        breakAfter.push(false);
      } else if (breakAfter.length > 0) breakAfter[breakAfter.length - 1] = true;
    }
    if (breakAfter.length > 0) breakAfter[breakAfter.length - 1] = true;
  }
  return { text, breakAfter };
}

/** Finds a user's invoice numbers in remittance information; built once per import. */
export class NumberIndex {
  private readonly byKey = new Map<string, string[]>();
  private readonly lengths: number[];

  constructor(numbers: Iterable<{ invoiceId: string; number: string }>) {
    for (const { invoiceId, number } of numbers) {
      const key = numberKey(number);
      // Two or fewer characters ("7") would be found in every reference.
      if (key.length < 3) continue;
      this.byKey.set(key, [...(this.byKey.get(key) ?? []), invoiceId]);
    }
    this.lengths = [...new Set([...this.byKey.keys()].map((key) => key.length))].sort((a, b) => b - a);
  }

  /** The invoice ids whose number the remittance names, longest numbers first, each once. */
  find(segments: readonly string[]): string[] {
    const { text, breakAfter } = compact(segments);
    const found = new Set<string>();
    for (let start = 0; start < text.length; start += 1) {
      const gluedBefore = start > 0 && !breakAfter[start - 1] && isDigit(text[start - 1]);
      for (const length of this.lengths) {
        const end = start + length;
        if (end > text.length) continue;
        const ids = this.byKey.get(text.slice(start, end));
        if (!ids) continue;
        if (gluedBefore && isDigit(text[start])) continue;
        if (end < text.length && !breakAfter[end - 1] && isDigit(text[end]) && isDigit(text[end - 1]))
          continue;
        for (const id of ids) found.add(id);
      }
    }
    return [...found];
  }
}

function suggestionFor(
  invoice: InvoiceCandidate,
  entry: Pick<StatementEntry, 'amount' | 'currency'>,
  reason?: BankSuggestion['reason'],
): BankSuggestion {
  const sameCurrency = invoice.currency === entry.currency;
  const why =
    reason ??
    (invoice.voided
      ? 'void'
      : invoice.credited
        ? 'credited'
        : !sameCurrency
          ? 'other_currency'
          : invoice.balance === 0
            ? 'settled'
            : 'partial');
  const amount = sameCurrency ? Math.min(invoice.balance, entry.amount) : invoice.balance;
  const { invoiceId, number, currency } = invoice;
  return { invoiceId, number, currency, amount: invoice.voided ? 0 : amount, reason: why };
}

const isOpen = (invoice: InvoiceCandidate) => !invoice.voided && invoice.balance > 0;

/**
 * Certain (applied by itself): the remittance names exactly one invoice, in the entry's currency, neither void
 * nor credited, whose balance due is exactly the amount. Anything else the owner confirms (D-312): several
 * invoices, a part, another currency, a void or credited invoice, or only the payer's name.
 */
export function matchEntry(
  entry: Pick<StatementEntry, 'amount' | 'currency' | 'payerName'>,
  byReference: InvoiceCandidate[],
  byPayer: InvoiceCandidate[],
): MatchOutcome {
  const [only] = byReference;
  if (only && byReference.length === 1) {
    const certain =
      isOpen(only) && !only.credited && only.currency === entry.currency && only.balance === entry.amount;
    if (certain) return { kind: 'automatic', invoice: only };
    return { kind: 'suggested', suggestions: [suggestionFor(only, entry)] };
  }
  if (byReference.length > 1) {
    const open = byReference.filter((invoice) => isOpen(invoice) && invoice.currency === entry.currency);
    const sum = open.reduce((total, invoice) => total + invoice.balance, 0);
    if (open.length === byReference.length && sum === entry.amount) {
      return {
        kind: 'suggested',
        suggestions: open.map((invoice) => suggestionFor(invoice, entry, 'several_invoices')),
      };
    }
    return { kind: 'suggested', suggestions: byReference.map((invoice) => suggestionFor(invoice, entry)) };
  }
  const payerInvoices = byPayer
    .filter((invoice) => isOpen(invoice) && invoice.currency === entry.currency)
    .sort((a, b) => Number(b.balance === entry.amount) - Number(a.balance === entry.amount))
    .slice(0, 5);
  if (payerInvoices.length > 0) {
    return {
      kind: 'suggested',
      suggestions: payerInvoices.map((invoice) => suggestionFor(invoice, entry, 'payer')),
    };
  }
  return { kind: 'unmatched' };
}

/** Who paid, as the owner's clients and invoices name them: invoice ids by the customer's name key. */
export class PayerIndex {
  private readonly byName = new Map<string, string[]>();

  constructor(invoices: Iterable<{ invoiceId: string; names: string[] }>) {
    for (const { invoiceId, names } of invoices) {
      for (const name of new Set(names.map(nameKey))) {
        if (name.length < 3) continue;
        this.byName.set(name, [...(this.byName.get(name) ?? []), invoiceId]);
      }
    }
  }

  find(payerName: string): string[] {
    const key = nameKey(payerName);
    if (key.length < 3) return [];
    const exact = this.byName.get(key);
    if (exact) return exact;
    // "MUELLER GMBH, BERLIN" pays for "Müller GmbH": a known name at the start of the payer's.
    for (const [name, ids] of this.byName) if (name.length >= 5 && key.startsWith(name)) return ids;
    return [];
  }
}
