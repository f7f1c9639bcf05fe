import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameValue } from './equality.js';

/** Rebuilds an object with its keys in reverse order, as jsonb may hand it back. */
function reorder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reorder);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, item]) => [key, reorder(item)]),
  );
}

describe('sameValue', () => {
  it('sees the same content in another key order as unchanged', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(sameValue(value, reorder(value))).toBe(true);
      }),
      { seed: 20261123, numRuns: 300 },
    );
  });

  it('sees any change of a value, a key or an array order', () => {
    const invoice = { number: 'INV-1', items: [{ quantity: 2 }, { quantity: 3 }], vatId: null };
    expect(sameValue(invoice, { ...invoice, number: 'INV-2' })).toBe(false);
    expect(sameValue(invoice, { ...invoice, items: [{ quantity: 3 }, { quantity: 2 }] })).toBe(false);
    expect(sameValue(invoice, { ...invoice, vatId: '' })).toBe(false);
    expect(sameValue(invoice, { ...invoice, extra: 1 })).toBe(false);
    expect(sameValue([1, 2], [1, 2, 3])).toBe(false);
    expect(sameValue({ a: [] }, { a: {} })).toBe(false);
  });

  it('treats an absent key like one holding undefined', () => {
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(true);
  });
});
