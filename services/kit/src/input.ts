import type { RequestHandler } from 'express';
import { AppError } from './errors.js';

/** Deeper than any request of ours; deep enough nesting overflows the stack of whatever walks it next. */
export const MAX_INPUT_DEPTH = 32;

export const inputMessages = {
  unstorableText: 'Text cannot contain NUL characters or broken Unicode (unpaired surrogates)',
  tooDeep: `The request is nested too deeply (more than ${MAX_INPUT_DEPTH} levels)`,
  badAddress: 'The address of the request is not valid',
} as const;

// A surrogate without its partner; String.prototype.isWellFormed (Node 20) is not in the ES2023 lib.
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** PostgreSQL stores neither a NUL nor an unpaired surrogate in text or jsonb. */
export const isStorableText = (text: string): boolean =>
  !text.includes(String.fromCharCode(0)) && !UNPAIRED_SURROGATE.test(text);

/**
 * The first place in a parsed input that cannot be stored or is nested too deeply, as a field path
 * (`items.0.description`); null when there is none. Walks without recursion, so a hostile depth
 * cannot overflow the walk itself.
 */
export function findUnstorableInput(input: unknown): { path: string; message: string } | null {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: input, path: '', depth: 0 }];
  while (pending.length > 0) {
    const { value, path, depth } = pending.pop() as (typeof pending)[number];
    if (typeof value === 'string') {
      if (!isStorableText(value)) return { path, message: inputMessages.unstorableText };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return { path, message: inputMessages.tooDeep };
    for (const [key, item] of Object.entries(value)) {
      const itemPath = path ? `${path}.${key}` : key;
      if (!isStorableText(key)) return { path: itemPath, message: inputMessages.unstorableText };
      pending.push({ value: item, path: itemPath, depth: depth + 1 });
    }
  }
  return null;
}

/** Throws the 400 a request with unstorable or too deeply nested input gets. */
export function assertStorableInput(input: unknown): void {
  const problem = findUnstorableInput(input);
  if (!problem) return;
  throw new AppError('validation', problem.message, {
    reason: 'unreadable_input',
    ...(problem.path ? { fields: { [problem.path]: problem.message } } : {}),
  });
}

/**
 * At the edge, before any route (the idempotency fingerprint serialises the body; the store writes
 * it): the path, the query and the JSON body must be text PostgreSQL can store, nested within reason.
 */
export const refuseUnstorableInput: RequestHandler = (req, _res, next) => {
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    return next(new AppError('validation', inputMessages.badAddress, { reason: 'unreadable_input' }));
  }
  if (!isStorableText(path)) {
    return next(new AppError('validation', inputMessages.badAddress, { reason: 'unreadable_input' }));
  }
  assertStorableInput(req.query);
  assertStorableInput(req.body);
  next();
};
