import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { type AccountingSettings, type ExportManifest, eInvoiceReadiness } from '@remit/contracts';
import type { EventStore } from '@remit/eventstore';
import { ZipFile } from 'yazl';
import { eInvoiceXml, ruleSetOf } from '../einvoice/index.js';
import { logoDataUrl, templateIdFor } from '../invoices/document.js';
import { renderInvoicePdf } from '../pdf/render.js';
import { renderFailure } from '../pdf/render-failure.js';
import { datevChunks, encodeCp1252, periodProblem } from './datev.js';
import { documentsOfPeriod, type ExportDocument, readDocuments } from './documents.js';
import type { LogSnapshot } from './snapshot.js';
import { clientsTable, invoicesTable, paymentsTable, type TablePeriod } from './tables.js';
import { csvChunks } from './writers.js';

/** How many PDFs are rendered ahead of the one being zipped: the render pool's workers stay busy, memory bounded. */
const RENDER_AHEAD = 4;

/**
 * The period's ZIP (D-264): every document's PDF (as its download renders it) and e-invoice XML (CII, EN 16931,
 * when the document is ready for one), the CSVs, the DATEV file when the period lies in one fiscal year, and
 * `manifest.json` with each file's size and SHA-256 and the chain's head the export was read at. Entries are
 * produced only as the ZIP reaches them, a page of documents at a time, so memory stays bounded whatever the
 * period holds; the manifest is last, once every hash is known.
 */
export async function archiveStream(deps: {
  store: EventStore;
  snapshot: LogSnapshot;
  period: TablePeriod;
  settings: AccountingSettings;
  now: Date;
}): Promise<NodeJS.ReadableStream> {
  const { snapshot, period } = deps;
  const refs = await documentsOfPeriod(snapshot, period);
  const zip = new ZipFile();
  const files: ExportManifest['files'] = [];
  const withoutXml: ExportManifest['withoutXml'] = [];
  const mtime = deps.now;
  let reached = 0;
  let onReached: (() => void) | null = null;

  /** An entry whose bytes are made when the ZIP reaches it, hashed as they pass. */
  const add = (path: string, produce: () => AsyncIterable<Buffer | string>) => {
    async function* hashed() {
      reached += 1;
      onReached?.();
      const hash = createHash('sha256');
      let bytes = 0;
      for await (const chunk of produce()) {
        const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        hash.update(buffer);
        bytes += buffer.length;
        yield buffer;
      }
      files.push({ path, bytes, sha256: hash.digest('hex') });
    }
    zip.addReadStream(Readable.from(hashed()), path, { mtime });
  };
  let added = 0;
  const addEntry = (path: string, produce: () => AsyncIterable<Buffer | string>) => {
    added += 1;
    add(path, produce);
  };
  /** Resolves once the ZIP has reached all but `window` of the entries added. */
  const reachedAllBut = (window: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (added - reached > window) return;
        onReached = null;
        resolve();
      };
      onReached = check;
      check();
    });

  async function addEverything() {
    const names = new Set<string>();
    for await (const document of readDocuments(snapshot, refs, period.today)) {
      await reachedAllBut(RENDER_AHEAD * 2);
      const folder = document.kind === 'invoice' ? 'invoices' : 'credit-notes';
      const name = uniqueName(
        names,
        `${folder}/${document.issueDate}_${safeName(document.number)}`,
        document.id,
      );
      // The ZIP keeps every entry's stream until its end (for the central directory): an entry's closure holds a
      // box it empties once written, never the document or its bytes (10,000 PDFs would stay in memory).
      const pdf = once(renderPdf(deps.store, document));
      addEntry(`${name}.pdf`, () => pdf.take());
      const reason = xmlProblem(document);
      if (reason) withoutXml.push({ number: document.number, reason });
      else {
        const xml = once(Promise.resolve(eInvoiceXml(document.eInvoice, 'cii')));
        addEntry(`${name}.xml`, () => xml.take());
      }
    }
    const tables = [invoicesTable(snapshot, period), paymentsTable(snapshot, period), clientsTable(snapshot)];
    for (const table of tables) addEntry(`${table.name}.csv`, () => csvChunks(table, ','));
    if (!periodProblem(period, deps.settings)) {
      addEntry(`EXTF_Buchungsstapel_${period.from}_${period.to}.csv`, async function* () {
        for await (const chunk of datevChunks(snapshot, period, deps.settings, deps.now, { count: 0 })) {
          yield encodeCp1252(chunk);
        }
      });
    }
    const { head } = snapshot;
    zip.addReadStream(
      Readable.from(
        (async function* () {
          const manifest: ExportManifest = {
            format: 'remit-period-archive/1',
            createdAt: deps.now.toISOString(),
            period: { from: period.from, to: period.to },
            chain: head
              ? {
                  link: Number(head.seq),
                  position: head.position.toString(),
                  hash: head.hash,
                  linkedAt: head.chainedAt,
                }
              : null,
            unlinked: snapshot.unlinked,
            files,
            withoutXml,
          };
          yield Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
        })(),
      ),
      'manifest.json',
      { mtime },
    );
    zip.end();
  }

  addEverything().catch((error: unknown) => {
    (zip.outputStream as Readable).destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return zip.outputStream;
}

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

/** Bytes made ahead, handed over once and then let go. */
function once<T extends Buffer | string>(making: Promise<T>) {
  let box: Promise<T> | null = making;
  // Awaited when its entry is reached; a failure there fails the archive.
  making.catch(() => undefined);
  return {
    async *take(): AsyncGenerator<T> {
      const value = await box;
      box = null;
      if (value !== null) yield value;
    },
  };
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

function uniqueName(names: Set<string>, name: string, id: string): string {
  const unique = names.has(name) ? `${name}_${id.slice(0, 8)}` : name;
  names.add(unique);
  return unique;
}
