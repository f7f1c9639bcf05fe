import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { AppError } from './errors.js';

/**
 * One uploaded file (`file`, at most `maxBytes`) and small text fields, in memory. A file over the limit
 * is 413 with `tooLarge` on the file's field; anything else malformed is 400. A request that is not
 * multipart passes through untouched (its JSON body was already parsed).
 */
export function multipartUpload(options: {
  file: string;
  maxBytes: number;
  tooLarge: string;
  maxFieldBytes: number;
}): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: options.maxBytes, files: 1, fields: 10, fieldSize: options.maxFieldBytes, parts: 12 },
  }).single(options.file);
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next();
    upload(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
        return next(
          new AppError('too_large', options.tooLarge, {
            reason: 'logo_too_large',
            fields: { [options.file]: options.tooLarge },
          }),
        );
      }
      const code = error instanceof multer.MulterError ? ` (${error.code})` : '';
      next(new AppError('validation', `The upload could not be read${code}`, { cause: error }));
    });
  };
}

/** A JSON text field of a multipart body, parsed; a missing or malformed field is 400 on that field. */
export function jsonField(body: unknown, field: string): unknown {
  const value = (body as Record<string, unknown> | undefined)?.[field];
  if (value === undefined) {
    throw new AppError('validation', `The ${field} field is missing`, {
      fields: { [field]: `The ${field} field is missing` },
    });
  }
  if (typeof value !== 'string') {
    throw new AppError('validation', `The ${field} field is not valid JSON`, {
      fields: { [field]: `The ${field} field is not valid JSON` },
    });
  }
  try {
    return JSON.parse(value);
  } catch (error) {
    throw new AppError('validation', `The ${field} field is not valid JSON`, {
      cause: error,
      fields: { [field]: `The ${field} field is not valid JSON` },
    });
  }
}

/** The bytes of the file `multipartUpload` read, or null when the request carried none. */
export function uploadedFile(req: Request): Buffer | null {
  return req.file?.buffer ?? null;
}
