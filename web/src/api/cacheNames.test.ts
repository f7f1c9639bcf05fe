import { describe, expect, it } from 'vitest';

/** Every product source file under web/src, by its path from there. */
const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/test/**'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([path, text]) => [path.replace(/^\/src\//, ''), text]),
);

/** The two modules that may name a cache or make one stale (issue 26, issue 34 item 17). */
const owners = new Set(['api/keys.ts', 'api/invalidation.ts']);

const productFiles = Object.keys(sources).filter((file) => !owners.has(file));

/** A cache named by an array literal instead of a key factory, or made stale outside invalidation.ts. */
const offences: [string, RegExp][] = [
  ['a literal query key', /queryKey\s*:\s*\[/],
  [
    'a literal key given to the query client',
    /\.(?:get|set|ensure|fetch|prefetch|remove|cancel|refetch|reset|invalidate)Quer(?:y|ies)(?:Data|State)?\s*(?:<[^>]*>)?\(\s*\[/,
  ],
  ['an invalidation outside api/invalidation.ts', /\.invalidateQueries\s*\(/],
];

function findOffences(files: string[], read: (file: string) => string) {
  return files.flatMap((file) =>
    read(file)
      .split('\n')
      .flatMap((line, index) =>
        offences.filter(([, pattern]) => pattern.test(line)).map(([what]) => `${file}:${index + 1}: ${what}`),
      ),
  );
}

describe('query keys and invalidations (issue 26 item 1)', () => {
  it('names every cache through api/keys.ts and makes caches stale only through api/invalidation.ts', () => {
    expect(productFiles.length).toBeGreaterThan(50);
    expect(findOffences(productFiles, (file) => sources[file] ?? '')).toEqual([]);
  });

  it('finds each kind of offence it is there for', () => {
    const samples: Record<string, string> = {
      'a.ts': "useQuery({ queryKey: ['invoices', 'collection', id] })",
      'b.ts': "queryClient.setQueryData<Foo>(['settings'], value)",
      'c.ts': 'void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });',
      'd.ts': 'useQuery({ queryKey: invoiceKeys.collection(id) })',
    };
    expect(findOffences(Object.keys(samples), (file) => samples[file] ?? '')).toEqual([
      'a.ts:1: a literal query key',
      'b.ts:1: a literal key given to the query client',
      'c.ts:1: an invalidation outside api/invalidation.ts',
    ]);
  });
});
