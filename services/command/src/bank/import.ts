import { randomUUID } from 'node:crypto';
import { type BankImportAnswer, bankTransactionStreamId, paymentDateMessage } from '@remit/contracts';
import type { Database, EventStore, Step } from '@remit/eventstore';
import { loadCandidates, loadDirectory, payerNamesOf } from './candidates.js';
import { bankTransactionCommand, recordStatement } from './decider.js';
import { type InvoiceCandidate, type MatchOutcome, matchEntry, NumberIndex, PayerIndex } from './matching.js';
import { type ParsedStatement, type StatementEntry, transactionIdOf } from './statement.js';

export interface PlannedImport {
  counts: BankImportAnswer;
  /** Null when nothing is new: the import then records nothing. */
  step: Step | null;
}

/** Every credit's outcome, given the owner's invoices: pure, what the benchmark measures with the parsing. */
export function matchEntries(
  entries: StatementEntry[],
  numbers: NumberIndex,
  payers: PayerIndex,
  candidates: ReadonlyMap<string, InvoiceCandidate>,
): MatchOutcome[] {
  const of = (ids: string[]) => ids.flatMap((id) => candidates.get(id) ?? []);
  return entries.map((entry) =>
    matchEntry(
      entry,
      of(numbers.find([...entry.remittance, entry.entryReference])),
      of(payers.find(entry.payerName)),
    ),
  );
}

/**
 * An import (docs/decisions.md, D-312): the credits not imported before, each matched against the owner's
 * invoices as their streams state them; one statement record leading every new transaction's stream and the
 * payments its certain matches record, all in one transaction.
 */
export async function planImport(deps: {
  store: EventStore;
  db: Database;
  userId: string;
  statement: ParsedStatement;
  fileSha256: string;
  today: string;
}): Promise<PlannedImport> {
  const { store, db, userId, statement, today } = deps;
  const credits = statement.entries.filter((entry) => entry.credit);
  const debits = statement.entries.length - credits.length;
  const withIds = credits.map((entry) => ({ entry, transactionId: transactionIdOf(entry) }));
  const known = new Set<string>();
  for (let start = 0; start < withIds.length; start += 1000) {
    const ids = withIds
      .slice(start, start + 1000)
      .map(({ transactionId }) => bankTransactionStreamId(userId, transactionId));
    for (const [streamId, events] of await store.readStreams(ids)) if (events.length > 0) known.add(streamId);
  }
  const seen = new Set<string>();
  const fresh = withIds.filter(({ transactionId }) => {
    if (seen.has(transactionId)) return false;
    seen.add(transactionId);
    return !known.has(bankTransactionStreamId(userId, transactionId));
  });
  const counts: BankImportAnswer = {
    statementId: null,
    imported: fresh.length,
    matched: 0,
    suggested: 0,
    unmatched: 0,
    duplicates: credits.length - fresh.length,
    debits,
  };
  if (fresh.length === 0) return { counts, step: null };

  const directory = await loadDirectory(db, userId);
  const numbers = new NumberIndex(directory.invoices);
  const payers = new PayerIndex(payerNamesOf(directory));
  const wanted = fresh.flatMap(({ entry }) => [
    ...numbers.find([...entry.remittance, entry.entryReference]),
    ...payers.find(entry.payerName),
  ]);
  const candidates = await loadCandidates(store, userId, wanted);
  const outcomes = matchEntries(
    fresh.map(({ entry }) => entry),
    numbers,
    payers,
    candidates,
  );

  const statementId = randomUUID();
  const automaticIds = new Set<string>();
  const imports = fresh.map(({ entry, transactionId }, index) => {
    let outcome = outcomes[index] as MatchOutcome;
    // One invoice is paid once: a second transfer of the same balance in this file names a paid invoice. A
    // booking dated where the invoice takes no payment (an old statement) is left to the owner.
    if (outcome.kind === 'automatic') {
      const { invoice } = outcome;
      if (automaticIds.has(invoice.invoiceId)) {
        const { invoiceId, number, currency } = invoice;
        outcome = {
          kind: 'suggested',
          suggestions: [{ invoiceId, number, currency, amount: 0, reason: 'settled' }],
        };
      } else if (paymentDateMessage(entry.bookingDate, invoice.issueDate, today))
        outcome = { kind: 'unmatched' };
      else automaticIds.add(invoice.invoiceId);
    }
    counts[outcome.kind === 'automatic' ? 'matched' : outcome.kind] += 1;
    return bankTransactionCommand(
      userId,
      transactionId,
      {
        type: 'ImportBankTransaction',
        data: {
          transactionId,
          userId,
          statementId,
          statementDate: statement.statementDate,
          account: entry.account,
          entryReference: entry.entryReference,
          bookingDate: entry.bookingDate,
          amount: entry.amount,
          currency: entry.currency,
          payerName: entry.payerName.slice(0, 500),
          remittance: entry.remittance.join('\n').slice(0, 2000),
          suggestions: outcome.kind === 'suggested' ? outcome.suggestions : [],
          automatic:
            outcome.kind === 'automatic'
              ? { invoiceId: outcome.invoice.invoiceId, number: outcome.invoice.number }
              : null,
        },
      },
      today,
      { newStream: true },
    );
  });
  counts.statementId = statementId;
  const step = recordStatement(
    {
      statementId,
      userId,
      format: statement.format,
      account: statement.account,
      statementDate: statement.statementDate,
      fileSha256: deps.fileSha256,
      imported: counts.imported,
      matched: counts.matched,
      suggested: counts.suggested,
      unmatched: counts.unmatched,
    },
    () => imports,
  );
  return { counts, step };
}
