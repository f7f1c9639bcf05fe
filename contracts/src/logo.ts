/**
 * The invoice logo's rule, shared by every side that takes one (docs/decisions.md, "Logos live in the event
 * store"): a PNG, JPEG, GIF or WebP image by its first bytes (the declared type is not trusted), at most
 * 2 MB. SVG is refused: it is a document that can carry scripts, and an invoice logo does not need it.
 */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;

export const logoMessages = {
  notAnImage: 'The logo must be a PNG, JPEG, GIF or WebP image',
  tooLarge: 'The logo must be at most 2 MB',
} as const;

export type LogoContentType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

const signatures: { contentType: LogoContentType; matches: (bytes: Uint8Array) => boolean }[] = [
  {
    contentType: 'image/png',
    matches: (b) =>
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => b[index] === byte),
  },
  { contentType: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { contentType: 'image/gif', matches: (b) => /^GIF8[79]a$/.test(ascii(b, 0, 6)) },
  { contentType: 'image/webp', matches: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
];

/** The image's real type by its first bytes, or null for anything else (SVG, text, a PDF…). */
export function sniffLogoType(bytes: Uint8Array): LogoContentType | null {
  return signatures.find((signature) => signature.matches(bytes))?.contentType ?? null;
}
