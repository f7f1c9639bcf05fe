import type { BankStatementFormat } from '@remit/contracts';
import { SaxesParser } from 'saxes';
import {
  assertEntryCount,
  calendarDate,
  clip,
  type ParsedStatement,
  type StatementEntry,
  StatementError,
  statementAmount,
  withContentIdentities,
} from './statement.js';

/**
 * CAMT.053 (ISO 20022 Bank-to-Customer Statement), versions 001.02 and 001.08, read with a strict, non-validating
 * XML parser (saxes: well-formedness only, no DTD, no external entities) along explicit element paths per
 * version (D-311). A DOCTYPE is refused outright, so no entity can expand or reach a file.
 */
type CamtFormat = Extract<BankStatementFormat, `camt.${string}`>;

const namespaces: Record<string, CamtFormat> = {
  'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02': 'camt.053.001.02',
  'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08': 'camt.053.001.08',
};
const MAX_DEPTH = 32;
const MAX_TEXT = 10_000;

interface Transaction {
  endToEndId: string;
  accountServicerRef: string;
  amount: string;
  currency: string;
  debtor: string;
  ultimateDebtor: string;
  remittance: string[];
  line: number;
}

interface Entry {
  ntryRef: string;
  accountServicerRef: string;
  amount: string;
  currency: string;
  indicator: string;
  status: string;
  bookingDate: string;
  additionalInfo: string;
  transactions: Transaction[];
  line: number;
}

const emptyTransaction = (line: number): Transaction => ({
  endToEndId: '',
  accountServicerRef: '',
  amount: '',
  currency: '',
  debtor: '',
  ultimateDebtor: '',
  remittance: [],
  line,
});

const emptyEntry = (line: number): Entry => ({
  ntryRef: '',
  accountServicerRef: '',
  amount: '',
  currency: '',
  indicator: '',
  status: '',
  bookingDate: '',
  additionalInfo: '',
  transactions: [],
  line,
});

/** Where a value sits below `Ntry/NtryDtls/TxDtls`, per version (v08 dropped AmtDtls and put parties in Pty). */
const txPaths = {
  'camt.053.001.02': {
    amount: ['AmtDtls/TxAmt/Amt', 'AmtDtls/InstdAmt/Amt'],
    debtor: 'RltdPties/Dbtr/Nm',
    ultimateDebtor: 'RltdPties/UltmtDbtr/Nm',
  },
  'camt.053.001.08': {
    amount: ['Amt', 'AmtDtls/TxAmt/Amt', 'AmtDtls/InstdAmt/Amt'],
    debtor: 'RltdPties/Dbtr/Pty/Nm',
    ultimateDebtor: 'RltdPties/UltmtDbtr/Pty/Nm',
  },
} as const;

const isProvided = (value: string) => value !== '' && value.toUpperCase() !== 'NOTPROVIDED';

export function parseCamt053(text: string): ParsedStatement {
  const parser = new SaxesParser({ xmlns: true, position: true });
  let format: CamtFormat | null = null;
  const path: string[] = [];
  let content = '';
  let attributeCurrency = '';
  let account = '';
  let statementDate = '';
  let groupDate = '';
  let entry: Entry | null = null;
  let transaction: Transaction | null = null;
  const entries: Entry[] = [];
  const entryAccounts: string[] = [];
  const at = (element: string) => `Line ${parser.line}, element ${element}`;

  parser.on('doctype', () => {
    throw new StatementError(`Line ${parser.line}: a DOCTYPE is not allowed in a bank statement`);
  });
  parser.on('processinginstruction', () => undefined);
  parser.on('opentag', (tag) => {
    if (path.length === 0) {
      format = namespaces[tag.uri] ?? null;
      if (tag.local !== 'Document' || !format) {
        throw new StatementError(
          `Line ${parser.line}: not a CAMT.053 statement of version 001.02 or 001.08 (root ${tag.local} in "${clip(tag.uri)}")`,
        );
      }
    }
    path.push(tag.local);
    if (path.length > MAX_DEPTH) throw new StatementError(`${at(tag.local)}: nested too deeply`);
    content = '';
    const ccy = tag.attributes.Ccy;
    attributeCurrency = ccy ? String(typeof ccy === 'string' ? ccy : ccy.value) : '';
    const relative = path.join('/');
    if (relative === 'Document/BkToCstmrStmt/Stmt/Ntry') {
      entry = emptyEntry(parser.line);
      assertEntryCount(entries.length + 1);
    } else if (entry && relative === 'Document/BkToCstmrStmt/Stmt/Ntry/NtryDtls/TxDtls') {
      transaction = emptyTransaction(parser.line);
      entry.transactions.push(transaction);
    }
  });
  parser.on('text', (value) => {
    content += value;
    if (content.length > MAX_TEXT) throw new StatementError(`${at(path.at(-1) ?? '')}: the text is too long`);
  });
  parser.on('cdata', (value) => {
    content += value;
  });
  parser.on('closetag', () => {
    const value = content.trim().replace(/\s+/g, ' ');
    content = '';
    const full = path.join('/');
    const stmt = 'Document/BkToCstmrStmt/Stmt/';
    if (full === 'Document/BkToCstmrStmt/GrpHdr/CreDtTm') groupDate = value.slice(0, 10);
    else if (full === `${stmt}CreDtTm`) statementDate = value.slice(0, 10);
    else if (full === `${stmt}Acct/Id/IBAN` || (full === `${stmt}Acct/Id/Othr/Id` && !account))
      account = value;
    else if (full === `${stmt}Ntry` && entry) {
      entries.push(entry);
      entryAccounts.push(account);
      entry = null;
    } else if (entry && full.startsWith(`${stmt}Ntry/`)) {
      readEntryValue(entry, full.slice(`${stmt}Ntry/`.length), value, attributeCurrency);
      if (full === `${stmt}Ntry/NtryDtls/TxDtls`) transaction = null;
    }
    path.pop();
  });

  function readEntryValue(current: Entry, relative: string, value: string, currency: string) {
    switch (relative) {
      case 'NtryRef':
        current.ntryRef = value;
        return;
      case 'AcctSvcrRef':
        current.accountServicerRef = value;
        return;
      case 'Amt':
        current.amount = value;
        current.currency = currency;
        return;
      case 'CdtDbtInd':
        current.indicator = value;
        return;
      case 'Sts':
      case 'Sts/Cd':
        current.status = value;
        return;
      case 'BookgDt/Dt':
      case 'BookgDt/DtTm':
        current.bookingDate = value.slice(0, 10);
        return;
      case 'AddtlNtryInf':
        current.additionalInfo = value;
        return;
    }
    if (!transaction || !format || !relative.startsWith('NtryDtls/TxDtls/')) return;
    const tx = relative.slice('NtryDtls/TxDtls/'.length);
    const paths = txPaths[format];
    if (tx === 'Refs/EndToEndId') transaction.endToEndId = value;
    else if (tx === 'Refs/AcctSvcrRef') transaction.accountServicerRef = value;
    else if ((paths.amount as readonly string[]).includes(tx) && !transaction.amount) {
      transaction.amount = value;
      transaction.currency = currency;
    } else if (tx === paths.debtor) transaction.debtor = value;
    else if (tx === paths.ultimateDebtor) transaction.ultimateDebtor = value;
    else if (
      tx === 'RmtInf/Ustrd' ||
      tx === 'RmtInf/Strd/CdtrRefInf/Ref' ||
      tx === 'RmtInf/Strd/AddtlRmtInf'
    ) {
      if (value) transaction.remittance.push(value);
    } else if (tx === 'AddtlTxInf' && value) transaction.remittance.push(value);
  }

  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof StatementError) throw error;
    // saxes names the line and column of what is not well-formed ("1:23: unclosed tag: Ntry").
    const message = error instanceof Error ? error.message : String(error);
    throw new StatementError(
      `The XML is not well-formed: ${clip(message).replace(/^(\d+):(\d+): /, 'line $1, column $2: ')}`,
    );
  }
  if (!format) throw new StatementError('The file has no XML document');
  if (entries.length === 0 && !account)
    throw new StatementError('Element Stmt is missing: the file holds no statement');
  const day = statementDate || groupDate;
  const parsed = entries.flatMap((one, index) =>
    toEntries(one, entryAccounts[index] ?? account, format as CamtFormat),
  );
  return {
    format,
    account,
    statementDate: day ? calendarDate(day, 'Element Stmt/CreDtTm') : (parsed.at(-1)?.bookingDate ?? ''),
    entries: withContentIdentities(parsed),
  };
}

/** An entry as Remit records it: booked entries only, one per transaction of a batch. */
function toEntries(entry: Entry, account: string, format: CamtFormat): StatementEntry[] {
  const where = (element: string) => `Line ${entry.line}, element Ntry/${element}`;
  if (!entry.amount) throw new StatementError(`${where('Amt')}: missing`);
  if (entry.indicator !== 'CRDT' && entry.indicator !== 'DBIT') {
    throw new StatementError(`${where('CdtDbtInd')}: "${clip(entry.indicator)}" is neither CRDT nor DBIT`);
  }
  // A statement's entries are booked; pending or information-only entries (Sts PDNG, INFO) are not money yet.
  if (entry.status && entry.status !== 'BOOK') return [];
  if (!entry.bookingDate) throw new StatementError(`${where('BookgDt')}: missing`);
  const bookingDate = calendarDate(entry.bookingDate, where('BookgDt'));
  const amount = statementAmount(entry.amount, entry.currency, where('Amt'));
  const credit = entry.indicator === 'CRDT';
  // NtryRef is unique within one statement only, and an EndToEndId is the payer's (who may reuse it): the
  // bank's AcctSvcrRef identifies an entry across statements, else the payer's id on that day and amount.
  const entryRef = isProvided(entry.accountServicerRef) ? entry.accountServicerRef : '';
  const base = { account, bookingDate, currency: entry.currency, credit };
  const transactions = entry.transactions.length > 0 ? entry.transactions : [emptyTransaction(entry.line)];
  const single = transactions.length === 1;
  return transactions.map((tx, index) => {
    const txWhere = `Line ${tx.line}, element TxDtls/${format === 'camt.053.001.08' ? 'Amt' : 'AmtDtls/TxAmt/Amt'}`;
    const txAmount = single || !tx.amount ? amount : statementAmount(tx.amount, tx.currency, txWhere);
    if (!single && tx.currency && tx.currency !== entry.currency) {
      throw new StatementError(`${txWhere}: the currency ${clip(tx.currency)} differs from the entry's`);
    }
    const bankRef = isProvided(tx.accountServicerRef) ? tx.accountServicerRef : '';
    const payerRef = isProvided(tx.endToEndId) ? `e2e:${tx.endToEndId}:${bookingDate}:${txAmount}` : '';
    const identityOf = () => {
      if (single) return entryRef || bankRef || payerRef;
      if (!entryRef && !bankRef && !payerRef) return '';
      return `${entryRef}/${bankRef || payerRef || index + 1}`;
    };
    const shown = [bankRef, entryRef, tx.endToEndId, entry.ntryRef].find(isProvided) ?? '';
    const remittance = [...tx.remittance];
    if (entry.additionalInfo) remittance.push(entry.additionalInfo);
    return {
      ...base,
      identity: identityOf(),
      entryReference: shown,
      amount: txAmount,
      payerName: tx.debtor || tx.ultimateDebtor,
      remittance,
    };
  });
}
