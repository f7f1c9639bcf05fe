import fc from 'fast-check';

/** What a hostile or broken client puts where a value belongs. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'Ada\u0000Lovelace',
    '\ud800',
    'x\udc00y',
    '\udbff\udbff',
    '😀'.repeat(60),
    '1e16',
    '10000000000000000',
    '1000000000.001',
    '-0',
    'NaN',
    'Infinity',
    '9'.repeat(400),
    ' ',
    '',
    '<script>alert(1)</script>',
    "'; drop table events; --",
    '%00',
    '../../etc/passwd',
    'data:image/png;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
  ),
  fc.integer(),
  fc.double(),
  fc.constantFrom(1e16, 1e21, -1e16, 2 ** 53, 2 ** 63, 1e-7, 1e308, -1, 0, 1_000_000, 1_000_000_000),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

/** A value nested `depth` times, as a JSON text (JSON.stringify of it would overflow our own stack). */
export function deepJson(depth: number, open = '{"a":', close = '}'): string {
  return `${open.repeat(depth)}1${close.repeat(depth)}`;
}

export type Json = Record<string, unknown>;

/** A valid payload with one field (or one nested field) replaced by something hostile, or removed. */
export function mutated(seed: Json): fc.Arbitrary<unknown> {
  // An empty body still gets a field it did not ask for.
  const paths = seed && Object.keys(seed).length > 0 ? leafPaths(seed) : [['extra']];
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(seed) },
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.constantFrom(...paths), hostileValue)
        .map(([path, value]) => setAt(seed, path, value)),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...paths).map((path) => setAt(seed, path, undefined)),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value);
  const nested = entries.flatMap(([key, item]) => leafPaths(item, [...prefix, key]));
  return prefix.length > 0 ? [prefix, ...nested] : nested;
}

function setAt(seed: Json, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(seed) as Json;
  let target: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}
