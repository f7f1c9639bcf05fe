import { createHash } from 'node:crypto';
import { logoMessages, sniffLogoType } from '@remit/contracts';
import { AppError } from '@remit/kit';

export { MAX_LOGO_BYTES } from '@remit/contracts';

/**
 * The image's real type, by its first bytes (the contracts' rule, shared with the preview); the declared
 * mimetype is not trusted. Anything else — SVG included — is 415.
 */
export function sniffImage(bytes: Buffer): string {
  const found = sniffLogoType(bytes);
  if (!found) {
    throw new AppError('unsupported_media_type', logoMessages.notAnImage, {
      reason: 'logo_not_an_image',
      fields: { logo: logoMessages.notAnImage },
    });
  }
  return found;
}

/** Content-addressed per user: the same image uploaded twice by one user is stored once. */
export function logoIdOf(userId: string, bytes: Buffer): string {
  return createHash('sha256').update(userId).update('\n').update(bytes).digest('hex').slice(0, 40);
}
