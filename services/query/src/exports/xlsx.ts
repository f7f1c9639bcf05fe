import { toDecimalString } from '@remit/contracts';
import type { Cell, ExportTable } from './tables.js';
import { decimalsOf, ratePercent } from './writers.js';
import { type ZipEntry, zipStream } from './zip.js';

/**
 * A minimal streaming XLSX writer (D-260): the five fixed parts of an Office Open XML workbook and one worksheet
 * whose rows are written as the table yields them, zipped as they come (zip.ts). Strings are inline (no shared
 * strings table to hold in memory), money is a number cell whose text is the exact decimal (never a float of
 * ours) with a format of the currency's decimals, days are date cells.
 */
const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

/** Cell styles (cellXfs): 0 text, 1 header (bold), 2 date, 3 whole number, 4 two decimals, 5 three decimals. */
const STYLE = { text: 0, header: 1, date: 2, decimals: [3, 3, 4, 5] as const } as const;

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="0.000"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="6"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const workbook = (sheetName: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/** Text as XML character data; characters XML 1.0 cannot hold (C0 controls) are dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Excel's serial day (days since 1899-12-30) of yyyy-mm-dd. */
function serialDay(day: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000);
}

function cellXml(cell: Cell, reference: string, header: boolean): string {
  if (typeof cell === 'string') {
    const style = header ? ` s="${STYLE.header}"` : '';
    return `<c r="${reference}" t="inlineStr"${style}><is><t xml:space="preserve">${escapeXml(cell)}</t></is></c>`;
  }
  if ('money' in cell) {
    const decimals = Math.min(decimalsOf(cell.currency), 3);
    const value = toDecimalString({ amount: cell.money, currency: cell.currency });
    return `<c r="${reference}" s="${STYLE.decimals[decimals]}"><v>${value}</v></c>`;
  }
  if ('rate' in cell)
    return `<c r="${reference}" s="${STYLE.decimals[2]}"><v>${ratePercent(cell.rate)}</v></c>`;
  if ('day' in cell) return `<c r="${reference}" s="${STYLE.date}"><v>${serialDay(cell.day)}</v></c>`;
  return `<c r="${reference}" s="${STYLE.decimals[0]}"><v>${cell.count}</v></c>`;
}

async function* sheetChunks(table: ExportTable): AsyncGenerator<Buffer> {
  const row = (cells: Cell[], index: number, header: boolean) =>
    `<row r="${index}">${cells.map((cell, column) => cellXml(cell, `${columnName(column)}${index}`, header)).join('')}</row>`;
  yield Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><sheetData>${row(table.header, 1, true)}`,
  );
  let index = 1;
  let batch = '';
  for await (const cells of table.rows) {
    index += 1;
    batch += row(cells, index, false);
    if (batch.length > 64 * 1024) {
      yield Buffer.from(batch);
      batch = '';
    }
  }
  yield Buffer.from(`${batch}</sheetData></worksheet>`);
}

/** The workbook's bytes as a stream; the table is read as the stream is consumed. */
export function xlsxStream(table: ExportTable, sheetName: string): NodeJS.ReadableStream {
  async function* parts(): AsyncGenerator<ZipEntry> {
    yield { path: '[Content_Types].xml', body: Buffer.from(CONTENT_TYPES) };
    yield { path: '_rels/.rels', body: Buffer.from(ROOT_RELS) };
    yield { path: 'xl/workbook.xml', body: Buffer.from(workbook(sheetName)) };
    yield { path: 'xl/_rels/workbook.xml.rels', body: Buffer.from(WORKBOOK_RELS) };
    yield { path: 'xl/styles.xml', body: Buffer.from(STYLES) };
    yield { path: 'xl/worksheets/sheet1.xml', body: sheetChunks(table) };
  }
  return zipStream(parts(), new Date(Date.UTC(2020, 0, 1)));
}
