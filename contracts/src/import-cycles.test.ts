import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles } from './testing/import-cycles.js';

const folder = (path: string) => fileURLToPath(new URL(path, import.meta.url));

describe('import circles', () => {
  it('contracts has none (events ↔ e-invoice model was one)', () => {
    expect(importCycles(folder('.'))).toEqual([]);
  });

  it('the query service has none', () => {
    expect(importCycles(folder('../../services/query/src'))).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    expect(importCycles(folder('./testing/cycle-sample'))).toEqual(['a.ts → b.ts → a.ts']);
  });
});
