import fc from 'fast-check';
import { invoicePayload, tinyPng } from './invoices.js';

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

type Json = Record<string, unknown>;

/** A valid payload with one field (or one nested field) replaced by something hostile, or removed. */
function mutated(seed: Json): fc.Arbitrary<unknown> {
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

export interface FuzzIds {
  invoiceId: string;
  paymentMethodId: string;
  sessionId: string;
  email: string;
}

export interface Route {
  method: 'POST' | 'PUT' | 'DELETE';
  path: (ids: FuzzIds) => string;
  /** Seeds are valid requests, so mutations reach past validation into the command. */
  seed: (ids: FuzzIds) => Json;
  /** The multipart field that carries the JSON (POST /invoices, PUT /settings). */
  jsonField?: string;
}

const settings = {
  Name: 'Ada Lovelace',
  DefaultDueDays: 30,
  Settings: {
    CompanyEmail: 'ada@example.com',
    CompanyAddress: '12 Analytical Street, London',
    CompanyName: 'Engines & Co',
    DefaultCurrency: 'EUR',
    UserCompanyVAT: 'GB123456789',
  },
};
const bankMethod = {
  name: 'Main account',
  type: 'bank_transfer',
  bankName: 'Deutsche Bank',
  iban: 'DE89370400440532013000',
  swift: 'DEUTDEFF',
};

/** Every command route of the API (and the two POSTs the query service answers). */
export const routes: Route[] = [
  {
    method: 'POST',
    path: () => '/auth/signup',
    seed: () => ({ name: 'Ada Lovelace', email: 'new@example.com', password: 'Sunflower42' }),
  },
  {
    method: 'POST',
    path: () => '/auth/login',
    seed: (ids) => ({ email: ids.email, password: 'Sunflower42' }),
  },
  {
    method: 'POST',
    path: () => '/auth/verify-email',
    seed: (ids) => ({ email: ids.email, token: 'x'.repeat(43) }),
  },
  { method: 'POST', path: () => '/auth/resend-verification', seed: (ids) => ({ email: ids.email }) },
  { method: 'POST', path: () => '/auth/logout', seed: () => ({}) },
  { method: 'POST', path: () => '/auth/forgot-password', seed: (ids) => ({ email: ids.email }) },
  {
    method: 'POST',
    path: () => '/auth/reset-password',
    seed: (ids) => ({ email: ids.email, token: 'x'.repeat(43), password: 'Moonflower77' }),
  },
  {
    method: 'POST',
    path: () => '/auth/change-password',
    seed: () => ({ currentPassword: 'Wrong-guess-1', newPassword: 'Moonflower77' }),
  },
  { method: 'POST', path: () => '/auth/google/login', seed: () => ({}) },
  { method: 'POST', path: () => '/auth/google/callback', seed: () => ({ code: 'abc', state: 'def' }) },
  {
    method: 'POST',
    path: () => '/invoices',
    seed: () => ({ ...invoicePayload(), invoiceNumber: 'INV-9000' }),
    jsonField: 'invoice',
  },
  { method: 'PUT', path: (ids) => `/invoices/${ids.invoiceId}`, seed: () => invoicePayload() },
  { method: 'DELETE', path: (ids) => `/invoices/${ids.invoiceId}-nope`, seed: () => ({}) },
  { method: 'POST', path: () => '/settings/payment-methods', seed: () => bankMethod },
  {
    method: 'PUT',
    path: (ids) => `/settings/payment-methods/${ids.paymentMethodId}`,
    seed: () => bankMethod,
  },
  {
    method: 'PUT',
    path: (ids) => `/settings/payment-methods/${ids.paymentMethodId}/toggle`,
    seed: () => ({}),
  },
  { method: 'PUT', path: () => '/settings', seed: () => settings, jsonField: 'settings' },
  {
    method: 'POST',
    path: () => '/create-checkout-session',
    seed: (ids) => ({ plan: 'per-invoice', isOneTime: true, invoiceId: ids.invoiceId }),
  },
  { method: 'POST', path: () => '/subscription/upgrade', seed: () => ({ plan: 'pro-monthly' }) },
  { method: 'POST', path: () => '/confirm-subscription', seed: (ids) => ({ sessionId: ids.sessionId }) },
  {
    method: 'POST',
    path: () => '/confirm-one-time-payment',
    seed: (ids) => ({ sessionId: ids.sessionId, invoiceId: ids.invoiceId }),
  },
  { method: 'POST', path: () => '/confirm-payment', seed: (ids) => ({ sessionId: ids.sessionId }) },
  { method: 'POST', path: () => '/subscriptions/cancel', seed: () => ({}) },
  { method: 'POST', path: () => '/subscriptions/resume', seed: () => ({}) },
  { method: 'POST', path: () => '/webhooks/stripe', seed: () => ({ id: 'evt_1', type: 'invoice.paid' }) },
  { method: 'POST', path: (ids) => `/billing/sandbox/checkout/${ids.sessionId}x/cancel`, seed: () => ({}) },
  { method: 'POST', path: () => '/generate-pdf', seed: (ids) => ({ invoiceId: ids.invoiceId }) },
  {
    method: 'POST',
    path: () => '/templates/classic/preview',
    seed: () => ({
      invoice: invoicePayload(),
      logo: `data:image/png;base64,${Buffer.from(tinyPng).toString('base64')}`,
    }),
  },
];

/** How the body travels: the right way, or one of the ways clients and proxies get it wrong. */
const encodings = [
  'json',
  'json-charset-klingon',
  'json-gzip-garbage',
  'text',
  'urlencoded',
  'multipart',
  'multipart-broken',
  'deep-json',
  'bytes',
] as const;
export type Encoding = (typeof encodings)[number];

const svgAsPng = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>x</script></svg>');

export interface FuzzRequest {
  route: Route;
  body: unknown;
  encoding: Encoding;
  signedIn: boolean;
  idempotencyKey: string | null;
  position: string | null;
  pathSuffix: string | null;
  logo: 'none' | 'png' | 'svg' | 'bytes';
  bytes: Uint8Array;
}

export function fuzzRequests(ids: FuzzIds): fc.Arbitrary<FuzzRequest> {
  return fc.integer({ min: 0, max: routes.length - 1 }).chain((index) => {
    const route = routes[index] as Route;
    return fc.record({
      route: fc.constant(route),
      body: mutated(route.seed(ids)),
      encoding: fc.oneof(
        { weight: 8, arbitrary: fc.constant<Encoding>(route.jsonField ? 'multipart' : 'json') },
        { weight: 4, arbitrary: fc.constantFrom(...encodings) },
      ),
      signedIn: fc.oneof(
        { weight: 5, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
      idempotencyKey: fc.option(
        fc.oneof(fc.uuid(), fc.constantFrom('short', 'key with spaces', 'k'.repeat(200), 'fuzz-key-0001')),
        { freq: 2 },
      ),
      position: fc.option(fc.constantFrom('1', '999999999', '9223372036854775808', 'abc', '-1'), { freq: 6 }),
      pathSuffix: fc.option(fc.constantFrom('%00', '%ED%A0%80', '%F0', '..%2F', '%25', 'a'.repeat(300)), {
        freq: 8,
      }),
      logo: fc.constantFrom('none', 'none', 'png', 'svg', 'bytes'),
      bytes: fc.uint8Array({ maxLength: 64 }),
    });
  });
}

/** The HTTP request a fuzz case stands for. */
export function toFetch(
  request: FuzzRequest,
  ids: FuzzIds,
  token: string,
): { path: string; init: RequestInit } {
  const headers: Record<string, string> = {};
  if (request.signedIn) headers.authorization = `Bearer ${token}`;
  if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
  if (request.position) headers['x-remit-position'] = request.position;
  let path = request.route.path(ids);
  if (request.pathSuffix) path += request.pathSuffix;
  const json = JSON.stringify(request.body ?? null);
  let body: NonNullable<RequestInit['body']>;
  switch (request.encoding) {
    case 'json':
      headers['content-type'] = 'application/json';
      body = json;
      break;
    case 'json-charset-klingon':
      headers['content-type'] = 'application/json; charset=klingon';
      body = json;
      break;
    case 'json-gzip-garbage':
      headers['content-type'] = 'application/json';
      headers['content-encoding'] = 'gzip';
      body = json;
      break;
    case 'text':
      headers['content-type'] = 'text/plain';
      body = json;
      break;
    case 'urlencoded':
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = `a=${encodeURIComponent(json)}&b=%00&c=%E0%A4%A`;
      break;
    case 'multipart': {
      const form = new FormData();
      form.set(request.route.jsonField ?? 'invoice', json);
      if (request.logo !== 'none') {
        const bytes = request.logo === 'png' ? tinyPng : request.logo === 'svg' ? svgAsPng : request.bytes;
        form.set('logo', new Blob([bytes], { type: 'image/png' }), 'logo.png');
      }
      body = form;
      break;
    }
    case 'multipart-broken':
      headers['content-type'] = 'multipart/form-data; boundary=----remit';
      body = `------remit\r\nContent-Disposition: form-data; name="invoice"\r\n\r\n${json}`;
      break;
    case 'deep-json':
      headers['content-type'] = 'application/json';
      body = `{"invoice":${deepJson(20_000, '[', ']')},"name":${deepJson(5_000)}}`;
      break;
    case 'bytes':
      headers['content-type'] = 'application/json';
      body = request.bytes;
      break;
  }
  return { path, init: { method: request.route.method, headers, body } };
}

const routeTo = (method: Route['method'], path: string): Route => {
  const route = routes.find((candidate) => candidate.method === method && candidate.path(sampleIds) === path);
  if (!route) throw new Error(`no fuzz route ${method} ${path}`);
  return route;
};
const sampleIds: FuzzIds = { invoiceId: 'i', paymentMethodId: 'p', sessionId: 's', email: 'e' };

/** The failures found by hand before the fuzzer (issue 12), each kept as an example it always runs. */
export function knownCases(): FuzzRequest[] {
  const base: Omit<FuzzRequest, 'route' | 'body' | 'encoding'> = {
    signedIn: true,
    idempotencyKey: null,
    position: null,
    pathSuffix: null,
    logo: 'none',
    bytes: new Uint8Array(),
  };
  const big = (quantity: unknown, unitPrice: unknown, currency = 'EUR') =>
    invoicePayload({ currency, items: [{ description: 'A large order', quantity, unitPrice }] as never });
  const pngHead = Buffer.from(tinyPng).subarray(0, 16);
  const brokenPng = `data:image/png;base64,${Buffer.concat([pngHead, Buffer.from('not the rest of a png')]).toString('base64')}`;
  const svgPng = `data:image/png;base64,${Buffer.from(svgAsPng).toString('base64')}`;
  const invoices = routeTo('POST', '/invoices');
  const revise = routeTo('PUT', `/invoices/${sampleIds.invoiceId}`);
  const preview = routeTo('POST', '/templates/classic/preview');
  const methods = routeTo('POST', '/settings/payment-methods');
  const cases: FuzzRequest[] = [
    { ...base, route: invoices, body: big(1_000_000, 1_000_000_000), encoding: 'multipart' },
    { ...base, route: invoices, body: big(1_000_000, '999999999.99', 'KWD'), encoding: 'multipart' },
    { ...base, route: revise, body: big(1, 1e16), encoding: 'json' },
    { ...base, route: revise, body: big(1, '10000000000000000'), encoding: 'json' },
    { ...base, route: preview, body: { invoice: big(1_000_000, 1_000_000_000) }, encoding: 'json' },
    { ...base, route: preview, body: { invoice: invoicePayload(), logo: svgPng }, encoding: 'json' },
    { ...base, route: preview, body: { invoice: invoicePayload(), logo: brokenPng }, encoding: 'json' },
    { ...base, route: methods, body: { name: 'Main\u0000account', type: 'bank_transfer' }, encoding: 'json' },
    { ...base, route: methods, body: { name: 'Main \ud800', type: 'digital' }, encoding: 'json' },
    { ...base, route: invoices, body: invoicePayload({ customerName: 'Ada\u0000' }), encoding: 'multipart' },
    { ...base, route: invoices, body: invoicePayload(), encoding: 'multipart-broken' },
    { ...base, route: methods, body: { name: 'Main', type: 'digital' }, encoding: 'json-charset-klingon' },
    { ...base, route: methods, body: {}, encoding: 'deep-json', idempotencyKey: 'fuzz-deep-json-0001' },
    { ...base, route: routeTo('DELETE', '/invoices/i-nope'), body: {}, encoding: 'json', pathSuffix: '%00' },
    {
      ...base,
      route: routeTo('POST', '/auth/signup'),
      body: { name: 'Ada', email: 'a\u0000@example.com', password: 'Sunflower42' },
      encoding: 'json',
      signedIn: false,
    },
    {
      ...base,
      route: routeTo('PUT', '/settings'),
      body: { Settings: { CompanyName: '\udfff' } },
      encoding: 'multipart',
    },
  ];
  return cases;
}
