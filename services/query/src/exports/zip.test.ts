import { describe, expect, it } from 'vitest';
import { type Entry, fromBuffer, type ZipFile } from 'yauzl';
import { type ZipEntry, zipChunks } from './zip.js';

/**
 * The entries of a ZIP, read by another implementation (yauzl checks each CRC and size as it inflates): every name,
 * and the bytes of those `wanted` says (all by default).
 */
async function read(
  bytes: Buffer,
  wanted: (name: string) => boolean = () => true,
): Promise<Map<string, Buffer>> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(bytes, { lazyEntries: true, decodeStrings: true }, (error, file) =>
      error || !file ? reject(error) : resolve(file),
    ),
  );
  const entries = new Map<string, Buffer>();
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      if (!wanted(entry.fileName)) {
        entries.set(entry.fileName, Buffer.alloc(0));
        zip.readEntry();
        return;
      }
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** The ZIP64 end of central directory record's signature. */
const ZIP64_END = Buffer.from([0x50, 0x4b, 0x06, 0x06]);

async function zipOf(entries: ZipEntry[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  async function* source() {
    yield* entries;
  }
  for await (const chunk of zipChunks(source(), new Date('2025-03-25T10:00:00Z'))) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('the ZIP writer', () => {
  it('writes known and streamed bodies, UTF-8 names, an empty file and a PDF deflate cannot shrink', async () => {
    const incompressible = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 251));
    const bytes = await zipOf([
      { path: 'invoices/2025-02-03_RE-1.pdf', body: incompressible },
      { path: 'clients/東京株式会社.csv', body: Buffer.from('Müller;Øresund;Łódź\r\n'.repeat(200)) },
      {
        path: 'EXTF_Buchungsstapel.csv',
        body: (async function* () {
          for (let line = 0; line < 5000; line++) yield `${line};"S";1410;8400\r\n`;
        })(),
      },
      { path: 'empty.txt', body: Buffer.alloc(0) },
    ]);
    const entries = await read(bytes);
    expect([...entries.keys()]).toEqual([
      'invoices/2025-02-03_RE-1.pdf',
      'clients/東京株式会社.csv',
      'EXTF_Buchungsstapel.csv',
      'empty.txt',
    ]);
    expect(entries.get('invoices/2025-02-03_RE-1.pdf')).toEqual(incompressible);
    expect(entries.get('clients/東京株式会社.csv')?.toString()).toBe('Müller;Øresund;Łódź\r\n'.repeat(200));
    expect(entries.get('EXTF_Buchungsstapel.csv')?.toString().split('\r\n')).toHaveLength(5001);
    expect(entries.get('empty.txt')).toEqual(Buffer.alloc(0));
    // No ZIP64 record where 32 and 16 bits hold everything.
    expect(bytes.includes(ZIP64_END)).toBe(false);
  });

  it('writes ZIP64 end records past 65,535 entries', async () => {
    const many = Array.from({ length: 65_600 }, (_, index) => ({
      path: `docs/${index}.xml`,
      body: Buffer.from(`<n>${index}</n>`),
    }));
    const bytes = await zipOf(many);
    expect(bytes.includes(ZIP64_END)).toBe(true);
    // The end record's 16-bit count says 65,535: the reader finds all of them only through the ZIP64 record.
    const entries = await read(bytes, (name) => name === 'docs/65599.xml');
    expect(entries.size).toBe(65_600);
    expect(entries.get('docs/65599.xml')?.toString()).toBe('<n>65599</n>');
  }, 300_000);
});
