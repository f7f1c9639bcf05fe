import { fieldErrors, withoutBidiControlsDeep } from '@remit/contracts';
import type { z } from 'zod';
import { AppError } from './errors.js';
import { assertStorableInput } from './input.js';

/** Parses input with a shared schema; a failure is a 400 naming each field's first message. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  // Also for JSON that arrived inside a multipart field, which the edge check never saw parsed.
  assertStorableInput(input);
  // Bidi controls would reorder what mails, History and the XML show (issue 34, item 21): no free text keeps one.
  const result = schema.safeParse(withoutBidiControlsDeep(input ?? {}));
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  const first = Object.values(fields)[0] ?? 'Invalid request';
  throw new AppError('validation', first, { fields });
}
