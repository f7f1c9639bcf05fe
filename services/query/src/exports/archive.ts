import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type AccountingSettings, type ExportManifest, eInvoiceReadiness } from '@remit/contracts';
import type { EventStore } from '@remit/eventstore';
import { eInvoiceXml, ruleSetOf } from '../einvoice/index.js';
import { logoDataUrl, templateIdFor } from '../invoices/document.js';
import { renderInvoicePdf } from '../pdf/render.js';
import { renderFailure } from '../pdf/render-failure.js';
import { datevChunks, periodProblem } from './datev.js';
import { encodeCp1252 } from './datev-format.js';
import { type DocumentRef, documentsOfPeriod, type ExportDocument, readDocuments } from './documents.js';
import type { LogSnapshot } from './snapshot.js';
import { clientsTable, invoicesTable, paymentsTable, type TablePeriod } from './tables.js';
import { csvChunks } from './writers.js';
import { ByteBlocks, type ZipEntry, zipStream } from './zip.js';

/** How many PDFs are rendered ahead of the one being zipped: the render pool's workers stay busy, memory bounded. */
const RENDER_AHEAD = 4;

interface ArchiveDeps {
  store: EventStore;
  snapshot: LogSnapshot;
  period: TablePeriod;
  settings: AccountingSettings;
  now: Date;
}

/**
 * The period's ZIP (D-264, D-350): every document's PDF (as its download renders it) and e-invoice XML (CII, EN
 * 16931, when the document is ready for one), the CSVs, the DATEV file when the period lies in one fiscal year, and
 * `manifest.json` with each file's size and SHA-256 and the chain's head the export was read at. An entry is made
 * only when the ZIP has written the one before (a few PDFs rendered ahead); what stays of it is its central
 * directory record and its manifest line, packed in blocks, so memory stays flat whatever the period holds.
 */
export async function archiveStream(deps: ArchiveDeps): Promise<Readable> {
  const refs = await documentsOfPeriod(deps.snapshot, deps.period);
  return zipStream(archiveEntries(deps, refs), deps.now);
}

async function* archiveEntries(deps: ArchiveDeps, refs: DocumentRef[]): AsyncGenerator<ZipEntry> {
  const { snapshot, period } = deps;
  const manifest = new ManifestLists();
  yield* manifest.hashed(documentEntries(deps, refs, manifest));
  const tables = [invoicesTable(snapshot, period), paymentsTable(snapshot, period), clientsTable(snapshot)];
  for (const table of tables) {
    yield manifest.hashedStream(`${table.name}.csv`, csvChunks(table, ','));
  }
  if (!periodProblem(period, deps.settings)) {
    yield manifest.hashedStream(
      `EXTF_Buchungsstapel_${period.from}_${period.to}.csv`,
      (async function* () {
        for await (const chunk of datevChunks(snapshot, period, deps.settings, deps.now)) {
          yield encodeCp1252(chunk);
        }
      })(),
    );
  }
  yield { path: 'manifest.json', body: manifest.json(deps) };
}

/** Each document's PDF and XML, the PDFs started a few documents ahead of the one being zipped. */
async function* documentEntries(
  deps: ArchiveDeps,
  refs: DocumentRef[],
  manifest: ManifestLists,
): AsyncGenerator<ZipEntry> {
  const documents = readDocuments(deps.snapshot, refs, deps.period.today)[Symbol.asyncIterator]();
  const ahead: { document: ExportDocument; pdf: Promise<Buffer> }[] = [];
  const names = new NamesOfDay();
  for (;;) {
    while (ahead.length < RENDER_AHEAD) {
      const next = await documents.next();
      if (next.done) break;
      const pdf = renderPdf(deps.store, next.value);
      // Awaited when its turn comes; a failure there fails the archive.
      pdf.catch(() => undefined);
      ahead.push({ document: next.value, pdf });
    }
    const item = ahead.shift();
    if (!item) return;
    const { document } = item;
    const folder = document.kind === 'invoice' ? 'invoices' : 'credit-notes';
    const name = names.unique(
      document.issueDate,
      `${folder}/${document.issueDate}_${safeName(document.number)}`,
      document.id,
    );
    yield { path: `${name}.pdf`, body: await item.pdf };
    const reason = xmlProblem(document);
    if (reason) manifest.withoutXml({ number: document.number, reason });
    else yield { path: `${name}.xml`, body: Buffer.from(eInvoiceXml(document.eInvoice, 'cii')) };
  }
}

/**
 * The manifest's lists (files with size and SHA-256, documents without XML) as JSON text in blocks, not an object
 * per file: 20,000 entries are a few megabytes of bytes, not tens of objects' worth of heap.
 */
class ManifestLists {
  private readonly files = new ByteBlocks();
  private readonly missing = new ByteBlocks();

  /** The entries of `entries` with their buffered bodies hashed and recorded. */
  async *hashed(entries: AsyncIterable<ZipEntry>): AsyncGenerator<ZipEntry> {
    for await (const entry of entries) {
      if (Buffer.isBuffer(entry.body)) this.file(entry.path, entry.body.length, sha256(entry.body));
      yield entry;
    }
  }

  /** A streamed entry, hashed and counted as the ZIP reads it, recorded at its end. */
  hashedStream(path: string, body: AsyncIterable<Buffer | string>): ZipEntry {
    const record = (bytes: number, hash: string) => this.file(path, bytes, hash);
    return {
      path,
      body: (async function* () {
        const hash = createHash('sha256');
        let bytes = 0;
        for await (const chunk of body) {
          const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
          hash.update(buffer);
          bytes += buffer.length;
          yield buffer;
        }
        record(bytes, hash.digest('hex'));
      })(),
    };
  }

  withoutXml(item: ExportManifest['withoutXml'][number]): void {
    append(this.missing, item);
  }

  /** manifest.json: the period, the chain's head, then the lists, in the schema's order. */
  async *json(deps: ArchiveDeps): AsyncGenerator<Buffer> {
    const { head } = deps.snapshot;
    const fixed: Omit<ExportManifest, 'files' | 'withoutXml'> = {
      format: 'remit-period-archive/1',
      createdAt: deps.now.toISOString(),
      period: { from: deps.period.from, to: deps.period.to },
      chain: head
        ? {
            link: Number(head.seq),
            position: head.position.toString(),
            hash: head.hash,
            linkedAt: head.chainedAt,
          }
        : null,
      unlinked: deps.snapshot.unlinked,
    };
    yield Buffer.from(`${JSON.stringify(fixed, null, 2).slice(0, -2)},\n  "files": [\n`);
    yield* this.files.chunks();
    yield Buffer.from('\n  ],\n  "withoutXml": [\n');
    yield* this.missing.chunks();
    yield Buffer.from('\n  ]\n}\n');
  }

  private file(path: string, bytes: number, hash: string): void {
    append(this.files, { path, bytes, sha256: hash });
  }
}

/** One item of a JSON list, comma-separated from the one before. */
function append(list: ByteBlocks, item: object): void {
  list.append(Buffer.from(`${list.length > 0 ? ',\n' : ''}    ${JSON.stringify(item)}`));
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function renderPdf(store: EventStore, document: ExportDocument): Promise<Buffer> {
  const logo = document.content.logo ? await logoDataUrl(store, document.content.logo.id) : undefined;
  try {
    const rendered = await renderInvoicePdf(document.eInvoice, templateIdFor(document.content.template.id), {
      ...(logo ? { logo: { dataUrl: logo } } : {}),
      ...(document.voidedOn ? { voidedOn: document.voidedOn } : {}),
      createdAt: document.issuedAt,
    });
    return rendered.pdf;
  } catch (error) {
    throw renderFailure(error);
  }
}

/** Why a document has no XML in the archive, or null. */
function xmlProblem(document: ExportDocument): string | null {
  if (document.collectionStatus === 'void') return 'void';
  const issues = eInvoiceReadiness(document.eInvoice, ruleSetOf('cii'));
  return issues.length > 0 ? issues.map((issue) => issue.message).join('; ') : null;
}

/** A file name from a document number: letters (any script), digits, '.', '_' and '-'. */
const safeName = (number: string) =>
  number
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .slice(0, 80);

/**
 * Names made unique among one issue day's documents: a name starts with its day and the documents come in day
 * order, so only the current day's names are kept.
 */
class NamesOfDay {
  private day = '';
  private readonly names = new Set<string>();

  unique(day: string, name: string, id: string): string {
    if (day !== this.day) {
      this.names.clear();
      this.day = day;
    }
    const unique = this.names.has(name) ? `${name}_${id.slice(0, 8)}` : name;
    this.names.add(unique);
    return unique;
  }
}
