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
 * SWIFT MT940 (customer statement), as German, Dutch and French banks export it: `:25:` the account, `:60F:`/
 * `:60M:` the currency, `:61:` each entry (value date, optional entry date, C/D/RC/RD, amount with a decimal
 * comma, transaction type, customer reference, `//` the bank's reference), `:86:` its details: German banks'
 * structured subfields (`?20`–`?29` and `?60`–`?63` remittance, `?32`–`?33` payer), Dutch banks' `/NAME/`,
 * `/REMI/` tags, or plain text. Lines wrap at 65 characters; a wrap is not a space (D-311).
 */
const TAG = /^:(\d{2}[A-Z]?):(.*)$/;
const LINE_61 =
  /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d{1,15},\d{0,2})([NSF][A-Z0-9]{3})([^/]*?)(?:\/\/(.*))?$/;

interface Field {
  tag: string;
  value: string;
  line: number;
}

function fieldsOf(text: string): Field[] {
  const fields: Field[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    // Trailing spaces are content: a wrap may fall right after one ("Müller " | "Maschinenbau").
    const line = raw.trim() === '' ? '' : raw;
    const number = index + 1;
    if (line === '' || line === '-' || line === '-}' || /^\{[1-5]:/.test(line)) {
      const block4 = /\{4:(.*)$/.exec(line);
      if (!block4?.[1]) return;
    }
    const body = line.replace(/^.*\{4:/, '');
    if (body === '') return;
    const tag = TAG.exec(body);
    if (tag) fields.push({ tag: tag[1] as string, value: tag[2] as string, line: number });
    else {
      const last = fields.at(-1);
      if (!last) throw new StatementError(`Line ${number}: "${clip(body)}" is not an MT940 field`);
      last.value += last.tag === '86' ? body : `\n${body}`;
    }
  });
  return fields;
}

const yearOf = (yy: string) => (Number(yy) < 80 ? `20${yy}` : `19${yy}`);
const dateOf = (yymmdd: string, line: number) =>
  calendarDate(
    `${yearOf(yymmdd.slice(0, 2))}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`,
    `Line ${line} (:61:)`,
  );

/** `:86:` as German banks structure it (`GVC?00…?20…`), or Dutch tags, or plain text. */
function detailsOf(text: string): { payerName: string; remittance: string[] } {
  const structured = /^\d{3}([?@])/.exec(text);
  if (structured) {
    const separator = structured[1] as string;
    const parts = text.slice(3).split(separator).filter(Boolean);
    const byCode = parts.map((part) => ({ code: Number(part.slice(0, 2)), value: part.slice(2) }));
    const remittance = byCode
      .filter(({ code }) => (code >= 20 && code <= 29) || (code >= 60 && code <= 63))
      .map(({ value }) => value)
      .filter(Boolean);
    const payerName = byCode
      .filter(({ code }) => code === 32 || code === 33)
      .map(({ value }) => value)
      .join('');
    return { payerName: payerName.trim(), remittance };
  }
  if (/\/(NAME|REMI|EREF)\//.test(text)) {
    const tagged = (name: string) =>
      new RegExp(`/${name}/(.*?)(?=/[A-Z]{4}/|$)`).exec(text)?.[1]?.trim() ?? '';
    const remi = tagged('REMI')
      .replace(/^USTD\/\/?/, '')
      .replace(/^STRD\/CUR\/?/, '');
    return { payerName: tagged('NAME'), remittance: [remi, tagged('EREF')].filter(Boolean) };
  }
  return { payerName: '', remittance: text ? [text] : [] };
}

export function parseMt940(text: string): ParsedStatement {
  const fields = fieldsOf(text);
  if (!fields.some((field) => field.tag === '61') && !fields.some((field) => field.tag === '25')) {
    throw new StatementError('Line 1: not an MT940 statement (no :25: account and no :61: entry)');
  }
  const entries: StatementEntry[] = [];
  let account = '';
  let currency = '';
  let statementDate = '';
  let pending: { entry: StatementEntry; line: number } | null = null;
  const flush = () => {
    if (pending) entries.push(pending.entry);
    pending = null;
  };
  for (const field of fields) {
    const where = `Line ${field.line} (:${field.tag}:)`;
    switch (field.tag) {
      case '20':
        flush();
        break;
      case '25':
        flush();
        account = field.value.trim();
        break;
      case '60F':
      case '60M': {
        const balance = /^[CD](\d{6})([A-Z]{3})/.exec(field.value);
        if (!balance) throw new StatementError(`${where}: "${clip(field.value)}" is not an opening balance`);
        currency = balance[2] as string;
        break;
      }
      case '62F':
      case '62M': {
        flush();
        const balance = /^[CD](\d{6})[A-Z]{3}/.exec(field.value);
        if (balance) statementDate = dateOf(balance[1] as string, field.line);
        break;
      }
      case '61': {
        flush();
        if (!currency)
          throw new StatementError(`${where}: an entry before the opening balance (:60F:) names no currency`);
        const [first = '', ...rest] = field.value.split('\n');
        const match = LINE_61.exec(first);
        if (!match) throw new StatementError(`${where}: "${clip(first)}" is not a statement line`);
        const [, valueDate = '', entryDate, mark = '', , amountText = ''] = match;
        const bankReference = (match[8] ?? '').trim();
        const customerReference = (match[7] ?? '').trim();
        const booking = entryDate ? `${valueDate.slice(0, 2)}${entryDate}` : valueDate;
        assertEntryCount(entries.length + 1);
        const reference = [bankReference, customerReference].find(
          (value) => value !== '' && value.toUpperCase() !== 'NONREF',
        );
        pending = {
          line: field.line,
          entry: {
            account,
            identity: bankReference && bankReference.toUpperCase() !== 'NONREF' ? bankReference : '',
            entryReference: reference ?? '',
            bookingDate: dateOf(booking, field.line),
            amount: statementAmount(amountText, currency, where, ','),
            currency,
            // RC reverses a credit (money out), RD reverses a debit (money back in).
            credit: mark === 'C' || mark === 'RD',
            payerName: '',
            remittance: rest.map((line) => line.trim()).filter(Boolean),
          },
        };
        break;
      }
      case '86': {
        if (!pending) break;
        const details = detailsOf(field.value.trim());
        pending.entry.payerName = details.payerName;
        pending.entry.remittance = [...details.remittance, ...pending.entry.remittance];
        flush();
        break;
      }
      default:
        break;
    }
  }
  flush();
  const last = entries.at(-1);
  return {
    format: 'mt940',
    account,
    statementDate: statementDate || last?.bookingDate || '',
    entries: withContentIdentities(entries),
  };
}
