import type { z } from 'zod';

/** A field path as the forms and the API's `fields` name it: `items.0.description`. */
export type FieldErrors = Record<string, string>;

/** The first message per field, in the order the schema checks them (required before format). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    fields[path] ??= issue.message;
  }
  return fields;
}

/** Letters of any script, combining marks, spaces, hyphens and apostrophes. */
export const PERSON_NAME_PATTERN = /^[\p{L}\p{M} '’-]+$/u;

/** Deliberately simple, as the spec says: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
