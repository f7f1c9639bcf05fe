import { createHash } from 'node:crypto';
import { AppError } from '@remit/kit';

export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

const signatures: { contentType: string; matches: (bytes: Buffer) => boolean }[] = [
  {
    contentType: 'image/png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { contentType: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { contentType: 'image/gif', matches: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')) },
  {
    contentType: 'image/webp',
    matches: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/**
 * The image's real type, by its first bytes; the declared mimetype is not trusted. SVG is refused: it is
 * a document that can carry scripts, and an invoice logo does not need it.
 */
export function sniffImage(bytes: Buffer): string {
  const found = signatures.find((signature) => signature.matches(bytes));
  if (!found) {
    throw new AppError('unsupported_media_type', 'The logo must be a PNG, JPEG, GIF or WebP image', {
      reason: 'logo_not_an_image',
      fields: { logo: 'The logo must be a PNG, JPEG, GIF or WebP image' },
    });
  }
  return found.contentType;
}

/** Content-addressed per user: the same image uploaded twice by one user is stored once. */
export function logoIdOf(userId: string, bytes: Buffer): string {
  return createHash('sha256').update(userId).update('\n').update(bytes).digest('hex').slice(0, 40);
}
