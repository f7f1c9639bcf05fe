/**
 * Statement files built the way the standard's examples and banks' exports are laid out (ISO 20022 camt.053
 * message definition report examples; SWIFT MT940 with the German ZKA `:86:` subfields), for tests and the
 * benchmark. Only what an entry needs varies; the rest is the fixed frame a bank writes around it.
 */
export interface TestEntry {
  amount: string;
  currency?: string;
  credit?: boolean;
  bookingDate?: string;
  /** Entry-level AcctSvcrRef; omitted when null. */
  reference?: string | null;
  endToEndId?: string;
  payer?: string;
  /** RmtInf/Ustrd lines. */
  unstructured?: string[];
  /** RmtInf/Strd/CdtrRefInf/Ref. */
  structured?: string;
  additionalInfo?: string;
  status?: string;
}

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

function remittance(entry: TestEntry): string {
  const lines = (entry.unstructured ?? []).map((line) => `<Ustrd>${escapeXml(line)}</Ustrd>`).join('');
  const structured = entry.structured
    ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${escapeXml(entry.structured)}</Ref></CdtrRefInf></Strd>`
    : '';
  return lines || structured ? `<RmtInf>${lines}${structured}</RmtInf>` : '';
}

function entryXml(entry: TestEntry, version: '02' | '08', index: number): string {
  const ccy = entry.currency ?? 'EUR';
  const date = entry.bookingDate ?? '2026-11-27';
  const indicator = entry.credit === false ? 'DBIT' : 'CRDT';
  const status =
    version === '08'
      ? `<Sts><Cd>${entry.status ?? 'BOOK'}</Cd></Sts>`
      : `<Sts>${entry.status ?? 'BOOK'}</Sts>`;
  const party = entry.payer
    ? version === '08'
      ? `<RltdPties><Dbtr><Pty><Nm>${escapeXml(entry.payer)}</Nm></Pty></Dbtr></RltdPties>`
      : `<RltdPties><Dbtr><Nm>${escapeXml(entry.payer)}</Nm></Dbtr><DbtrAcct><Id><IBAN>DE02100100109307118603</IBAN></Id></DbtrAcct></RltdPties>`
    : '';
  const txAmount =
    version === '08'
      ? `<Amt Ccy="${ccy}">${entry.amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd>`
      : `<AmtDtls><TxAmt><Amt Ccy="${ccy}">${entry.amount}</Amt></TxAmt></AmtDtls>`;
  const reference =
    entry.reference === undefined ? `2026112700${String(index).padStart(4, '0')}` : entry.reference;
  return `
    <Ntry>
      <NtryRef>${index}</NtryRef>
      <Amt Ccy="${ccy}">${entry.amount}</Amt>
      <CdtDbtInd>${indicator}</CdtDbtInd>
      ${status}
      <BookgDt><Dt>${date}</Dt></BookgDt>
      <ValDt><Dt>${date}</Dt></ValDt>
      ${reference === null ? '' : `<AcctSvcrRef>${escapeXml(reference)}</AcctSvcrRef>`}
      <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
      <NtryDtls>
        <TxDtls>
          <Refs><EndToEndId>${escapeXml(entry.endToEndId ?? 'NOTPROVIDED')}</EndToEndId></Refs>
          ${txAmount}
          ${party}
          ${remittance(entry)}
        </TxDtls>
      </NtryDtls>
      ${entry.additionalInfo ? `<AddtlNtryInf>${escapeXml(entry.additionalInfo)}</AddtlNtryInf>` : ''}
    </Ntry>`;
}

/** A camt.053 document of version 001.02 or 001.08 with these entries on one account. */
export function camt053(
  entries: TestEntry[],
  options: { version?: '02' | '08'; iban?: string; created?: string } = {},
): string {
  const version = options.version ?? '02';
  const created = options.created ?? '2026-11-27T18:00:00';
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>053D2026112718000000</MsgId><CreDtTm>${created}</CreDtTm></GrpHdr>
    <Stmt>
      <Id>0352C5320261127180000</Id>
      <ElctrncSeqNb>235</ElctrncSeqNb>
      <CreDtTm>${created}</CreDtTm>
      <Acct><Id><IBAN>${options.iban ?? 'DE89370400440532013000'}</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Bal><Tp><CdOrPrtry><Cd>PRCD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1000.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-11-26</Dt></Dt></Bal>
      ${entries.map((entry, index) => entryXml(entry, version, index + 1)).join('')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;
}

export interface TestMt940Entry {
  amount: string;
  credit?: boolean;
  date?: string;
  bankReference?: string;
  /** Verwendungszweck (?20…?29), each at most 27 characters as banks cut it. */
  purpose: string[];
  payer?: string;
}

/** An MT940 statement as German banks export it (`:86:` with ZKA subfields, lines wrapped at 65). */
export function mt940(entries: TestMt940Entry[], account = '37040044/0532013000'): string {
  const lines = [':20:STARTUMSE', `:25:${account}`, ':28C:00235/001', ':60F:C261126EUR1000,00'];
  for (const entry of entries) {
    const date = (entry.date ?? '2026-11-27').replaceAll('-', '').slice(2);
    lines.push(
      `:61:${date}${date.slice(2)}${entry.credit === false ? 'D' : 'C'}${entry.amount}NTRFNONREF${entry.bankReference ? `//${entry.bankReference}` : ''}`,
    );
    const subfields = [
      '166?00SEPA-GUTSCHRIFT?109251',
      ...entry.purpose.map((line, index) => `?${20 + index}${line}`),
      '?30COBADEFFXXX?31DE02100100109307118603',
      ...(entry.payer
        ? [
            `?32${entry.payer.slice(0, 27)}`,
            ...(entry.payer.length > 27 ? [`?33${entry.payer.slice(27)}`] : []),
          ]
        : []),
    ].join('');
    const wrapped = subfields.match(/.{1,65}/g) ?? [];
    lines.push(`:86:${wrapped[0] ?? ''}`, ...wrapped.slice(1));
  }
  lines.push(':62F:C261127EUR1000,00', '-');
  return `${lines.join('\r\n')}\r\n`;
}
