/**
 * The field rules of DATEV's format description for a Buchungsstapel (EXTF, header version 700, Formatversion
 * 13) that a file can be checked against without DATEV's software (D-355): the header's fixed fields and
 * ranges, then per booking the amount, the S/H flag, the currencies, the accounts at the account length,
 * Belegdatum inside the header's period, Belegfeld 1 and 2 (characters and lengths), Buchungstext, the VAT id
 * and Leistungsdatum. Answers every rule broken, as 'line N, field: why'; none on a good file.
 */
export function datevFormatProblems(text: string): string[] {
  const problems: string[] = [];
  const lines = text.split('\r\n');
  if (lines.at(-1) !== '') problems.push('the file does not end with CRLF');
  const header = lines[0]?.split(';') ?? [];
  const expect = (ok: boolean, where: string) => {
    if (!ok) problems.push(where);
  };
  expect(header.length === 31, `header: ${header.length} fields, not 31`);
  expect(header[0] === '"EXTF"' && header[1] === '700' && header[2] === '21', 'header: not EXTF 700 / 21');
  expect(
    header[3] === '"Buchungsstapel"' && header[4] === '13',
    'header: not a Buchungsstapel, Formatversion 13',
  );
  expect(/^\d{17}$/.test(header[5] ?? ''), 'header: Erzeugt am is not YYYYMMDDHHMMSSFFF');
  const consultant = Number(header[10]);
  expect(consultant >= 1001 && consultant <= 9_999_999, 'header: Beraternummer outside 1001–9999999');
  const client = Number(header[11]);
  expect(client >= 1 && client <= 99_999, 'header: Mandantennummer outside 1–99999');
  const accountLength = Number(header[13]);
  expect(accountLength >= 4 && accountLength <= 8, 'header: Sachkontenlänge outside 4–8');
  const [fiscalStart, from, to] = [header[12] ?? '', header[14] ?? '', header[15] ?? ''];
  for (const day of [fiscalStart, from, to]) expect(isDay(day), `header: ${day} is not YYYYMMDD`);
  expect(fiscalStart <= from && from <= to, 'header: Datum von/bis not inside the fiscal year');
  expect(quotedWithin(header[16], 30), 'header: Bezeichnung longer than 30');
  expect(header[18] === '1', 'header: Buchungstyp is not 1 (Finanzbuchführung)');
  expect(/^"[A-Z]{3}"$/.test(header[21] ?? ''), 'header: WKZ is not an ISO currency');
  const ledgerCurrency = header[21];
  expect(header[26] === '"03"' || header[26] === '"04"', 'header: SKR is not 03 or 04');
  expect((lines[1]?.split(';') ?? []).length === 125, 'column names: not 125');

  lines.slice(2, -1).forEach((line, index) => {
    const field = line.split(';');
    const at = (name: string) => `line ${index + 3}, ${name}`;
    expect(field.length === 125, at(`${field.length} fields`));
    expect(/^\d{1,10},\d{2}$/.test(field[0] ?? '') && field[0] !== '0,00', at('Umsatz'));
    expect(field[1] === '"S"' || field[1] === '"H"', at('Soll/Haben-Kennzeichen'));
    expect(field[2] === '' || /^"[A-Z]{3}"$/.test(field[2] ?? ''), at('WKZ Umsatz'));
    // Another currency than the ledger's needs its rate ('Kurs', never 0).
    const foreign = field[2] !== '' && field[2] !== ledgerCurrency;
    expect(
      foreign ? /^\d{1,4}(,\d{1,6})?$/.test(field[3] ?? '') && Number(field[3]) !== 0 : field[3] === '',
      at('Kurs'),
    );
    for (const [position, name] of [
      [6, 'Konto'],
      [7, 'Gegenkonto'],
    ] as const) {
      const account = field[position] ?? '';
      expect(/^\d+$/.test(account) && account.length <= accountLength + 1, at(name));
    }
    expect(field[8] === '' || /^\d{1,4}$/.test(field[8] ?? ''), at('BU-Schlüssel'));
    const day = `${from.slice(0, 4)}${field[9]?.slice(2, 4)}${field[9]?.slice(0, 2)}`;
    expect(/^\d{4}$/.test(field[9] ?? '') && isDay(day) && day >= from && day <= to, at('Belegdatum'));
    expect(/^"[A-Za-z0-9$&%*+\-/]{0,36}"$/.test(field[10] ?? ''), at('Belegfeld 1'));
    expect(field[11] === '' || /^"[A-Za-z0-9$&%*+\-/]{0,12}"$/.test(field[11] ?? ''), at('Belegfeld 2'));
    expect(quotedWithin(field[13], 60), at('Buchungstext'));
    expect(field[39] === '' || /^"[A-Z]{2}[A-Z0-9+*]{2,13}"$/.test(field[39] ?? ''), at('EU-Land u. UStID'));
    const service = field[114] ?? '';
    expect(
      service === '' || isDay(`${service.slice(4)}${service.slice(2, 4)}${service.slice(0, 2)}`),
      at('Leistungsdatum'),
    );
  });
  return problems;
}

/** yyyymmdd, a day of the calendar. */
function isDay(value: string): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const iso = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
  const day = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === iso;
}

/** A text field: in quotes, inner quotes doubled, at most `max` characters. */
function quotedWithin(value: string | undefined, max: number): boolean {
  if (!value || !/^"([^"]|"")*"$/.test(value)) return false;
  return value.slice(1, -1).replaceAll('""', '"').length <= max;
}
