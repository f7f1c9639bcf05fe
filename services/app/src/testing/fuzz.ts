import fc from 'fast-check';
import { deepJson, mutated } from './fuzz/hostile.js';
import { type FuzzIds, type Route, routes } from './fuzz/routes.js';
import { invoicePayload, tinyPng } from './invoices.js';

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
type Encoding = (typeof encodings)[number];

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
