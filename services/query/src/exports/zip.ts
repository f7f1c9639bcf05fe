import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { crc32, createDeflateRaw, deflateRaw } from 'node:zlib';

/**
 * A ZIP written front to back as its entries come (D-350): what it keeps of an entry once written is its central
 * directory record (46 bytes and the name), packed into 64 KB blocks, so 10,000 documents cost a megabyte or two
 * whatever their PDFs weigh. An entry whose bytes are known (a rendered PDF) is written with its sizes in its
 * header; a streamed one (a CSV) is deflated as it comes and followed by a data descriptor. Names are UTF-8 (bit
 * 11). ZIP64 records are written when an offset, a size or the entry count passes what 32/16 bits hold.
 */
export interface ZipEntry {
  path: string;
  body: Buffer | AsyncIterable<Buffer | string>;
}

const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const END64 = 0x06064b50;
const LOCATOR64 = 0x07064b50;
const UTF8 = 0x0800;
const HAS_DESCRIPTOR = 0x0008;
const STORE = 0;
const DEFLATE = 8;
const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
/** Made by Unix (3), spec 4.5; regular file, rw-r--r--. */
const MADE_BY = (3 << 8) | 45;
const FILE_MODE = (0o100644 << 16) >>> 0;

const deflate = promisify(deflateRaw);

/** The MS-DOS time and date of a moment, in UTC (a ZIP names no time zone; the server runs in UTC). */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(at.getUTCFullYear(), 1980);
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/** Append-only bytes in 64 KB blocks: many small records without an object each. */
export class ByteBlocks {
  private readonly blocks: Buffer[] = [];
  private current = Buffer.allocUnsafe(64 * 1024);
  private used = 0;
  length = 0;

  append(bytes: Buffer): void {
    if (this.used + bytes.length > this.current.length) {
      this.blocks.push(this.current.subarray(0, this.used));
      this.current = Buffer.allocUnsafe(Math.max(64 * 1024, bytes.length));
      this.used = 0;
    }
    bytes.copy(this.current, this.used);
    this.used += bytes.length;
    this.length += bytes.length;
  }

  *chunks(): Generator<Buffer> {
    yield* this.blocks;
    if (this.used > 0) yield this.current.subarray(0, this.used);
  }
}

interface Written {
  name: Buffer;
  method: number;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

function localHeader(entry: Written, time: { time: number; date: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(entry.flags, 6);
  header.writeUInt16LE(entry.method, 8);
  header.writeUInt16LE(time.time, 10);
  header.writeUInt16LE(time.date, 12);
  header.writeUInt32LE(entry.crc >>> 0, 14);
  header.writeUInt32LE(entry.compressed, 18);
  header.writeUInt32LE(entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  return Buffer.concat([header, entry.name]);
}

function centralRecord(entry: Written, time: { time: number; date: number }): Buffer {
  const large = entry.offset >= MAX32;
  const record = Buffer.alloc(46 + entry.name.length + (large ? 12 : 0));
  record.writeUInt32LE(CENTRAL, 0);
  record.writeUInt16LE(MADE_BY, 4);
  record.writeUInt16LE(large ? 45 : 20, 6);
  record.writeUInt16LE(entry.flags, 8);
  record.writeUInt16LE(entry.method, 10);
  record.writeUInt16LE(time.time, 12);
  record.writeUInt16LE(time.date, 14);
  record.writeUInt32LE(entry.crc >>> 0, 16);
  record.writeUInt32LE(entry.compressed, 20);
  record.writeUInt32LE(entry.size, 24);
  record.writeUInt16LE(entry.name.length, 28);
  record.writeUInt16LE(large ? 12 : 0, 30);
  record.writeUInt32LE(FILE_MODE, 38);
  record.writeUInt32LE(large ? MAX32 : entry.offset, 42);
  entry.name.copy(record, 46);
  if (large) {
    const extra = 46 + entry.name.length;
    record.writeUInt16LE(0x0001, extra);
    record.writeUInt16LE(8, extra + 2);
    record.writeBigUInt64LE(BigInt(entry.offset), extra + 4);
  }
  return record;
}

function endRecords(count: number, directorySize: number, directoryOffset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  const needs64 = count >= MAX16 || directoryOffset >= MAX32 || directorySize >= MAX32;
  end.writeUInt16LE(Math.min(count, MAX16), 8);
  end.writeUInt16LE(Math.min(count, MAX16), 10);
  end.writeUInt32LE(Math.min(directorySize, MAX32), 12);
  end.writeUInt32LE(Math.min(directoryOffset, MAX32), 16);
  if (!needs64) return end;
  const end64 = Buffer.alloc(56);
  end64.writeUInt32LE(END64, 0);
  end64.writeBigUInt64LE(44n, 4);
  end64.writeUInt16LE(MADE_BY, 12);
  end64.writeUInt16LE(45, 14);
  end64.writeBigUInt64LE(BigInt(count), 24);
  end64.writeBigUInt64LE(BigInt(count), 32);
  end64.writeBigUInt64LE(BigInt(directorySize), 40);
  end64.writeBigUInt64LE(BigInt(directoryOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(LOCATOR64, 0);
  locator.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([end64, locator, end]);
}

/** A streamed body deflated as it comes; its CRC and sizes are known at its end. */
async function* deflated(body: AsyncIterable<Buffer | string>, entry: Written): AsyncGenerator<Buffer> {
  const compressor = createDeflateRaw();
  const input = Readable.from(
    (async function* () {
      for await (const chunk of body) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        entry.crc = crc32(bytes, entry.crc);
        entry.size += bytes.length;
        yield bytes;
      }
    })(),
  );
  input.on('error', (error) => compressor.destroy(error));
  input.pipe(compressor);
  for await (const chunk of compressor) {
    entry.compressed += (chunk as Buffer).length;
    yield chunk as Buffer;
  }
}

/** The ZIP's bytes, pulled: an entry is read from `entries` only when the reader has taken the one before. */
export async function* zipChunks(entries: AsyncIterable<ZipEntry>, mtime: Date): AsyncGenerator<Buffer> {
  const time = dosDateTime(mtime);
  const directory = new ByteBlocks();
  let offset = 0;
  let count = 0;
  for await (const { path, body } of entries) {
    const name = Buffer.from(path, 'utf8');
    const entry: Written = { name, method: DEFLATE, flags: UTF8, crc: 0, compressed: 0, size: 0, offset };
    if (Buffer.isBuffer(body)) {
      const packed = await deflate(body);
      const stored = packed.length >= body.length;
      Object.assign(entry, {
        method: stored ? STORE : DEFLATE,
        crc: crc32(body),
        size: body.length,
        compressed: stored ? body.length : packed.length,
      });
      if (entry.size >= MAX32) throw new Error(`${path}: an entry of 4 GB or more`);
      const header = localHeader(entry, time);
      yield header;
      yield stored ? body : packed;
      offset += header.length + entry.compressed;
    } else {
      entry.flags |= HAS_DESCRIPTOR;
      const header = localHeader(entry, time);
      yield header;
      for await (const chunk of deflated(body, entry)) yield chunk;
      if (entry.size >= MAX32 || entry.compressed >= MAX32)
        throw new Error(`${path}: an entry of 4 GB or more`);
      const descriptor = Buffer.alloc(16);
      descriptor.writeUInt32LE(DESCRIPTOR, 0);
      descriptor.writeUInt32LE(entry.crc >>> 0, 4);
      descriptor.writeUInt32LE(entry.compressed, 8);
      descriptor.writeUInt32LE(entry.size, 12);
      yield descriptor;
      offset += header.length + entry.compressed + descriptor.length;
    }
    directory.append(centralRecord(entry, time));
    count += 1;
  }
  yield* directory.chunks();
  yield endRecords(count, directory.length, offset);
}

/** The ZIP as a stream with backpressure: nothing is made before the reader asks for it. */
export const zipStream = (entries: AsyncIterable<ZipEntry>, mtime: Date): Readable =>
  Readable.from(zipChunks(entries, mtime), { objectMode: false });
