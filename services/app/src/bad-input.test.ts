import { invoiceMessages } from '@remit/contracts';
import { httpStores } from '@remit/eventstore/testing';
import { inputMessages } from '@remit/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deepJson } from './testing/fuzz/hostile.js';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice, tinyPng } from './testing/invoices.js';
import { signedInUser } from './testing/users.js';

const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

describe.each(httpStores())('bad input answers 4xx with a clear message on %s', (kind) => {
  let app: TestApp;
  let token: string;

  beforeAll(async () => {
    app = await startTestApp(kind);
    ({ token } = await signedInUser(app, 'careless@example.com'));
  });
  afterAll(async () => {
    await app?.close();
  });

  async function raw(method: string, path: string, headers: Record<string, string>, body?: string) {
    const response = await fetch(`${app.base}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...headers },
      ...(body !== undefined ? { body } : {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('a multipart body that breaks off is 400, not the parser error as 500', async () => {
    const answer = await raw(
      'POST',
      '/invoices',
      { 'content-type': 'multipart/form-data; boundary=----remit' },
      '------remit\r\nContent-Disposition: form-data; name="invoice"\r\n\r\n{"userName":',
    );
    expect(answer).toMatchObject({ status: 400, body: { error: 'The upload could not be read' } });
  });

  it('a charset other than UTF-8 is 415', async () => {
    const answer = await raw(
      'PUT',
      '/settings',
      { 'content-type': 'application/json; charset=klingon' },
      '{}',
    );
    expect(answer).toMatchObject({ status: 415, body: { error: expect.stringMatching(/UTF-8/) } });
  });

  it('NUL characters and lone surrogates are refused at the edge, naming the field', async () => {
    for (const name of ['Main\u0000account', 'Main \ud800', '\udc00']) {
      const answer = await app.post('/settings/payment-methods', { name, type: 'digital' }, { token });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ fields: { name: inputMessages.unstorableText } });
    }
    const inPath = await raw('DELETE', '/invoices/abc%00', {});
    expect(inPath.status).toBe(400);
    const inMultipart = await postInvoice(app, token, invoicePayload({ customerName: 'Ada\u0000' }));
    expect(inMultipart).toMatchObject({
      status: 400,
      body: { fields: { customerName: inputMessages.unstorableText } },
    });
  });

  it('deeply nested JSON with an Idempotency-Key is 400, not a stack overflow', async () => {
    const answer = await raw(
      'POST',
      '/settings/payment-methods',
      { 'content-type': 'application/json', 'idempotency-key': 'deep-json-0001' },
      `{"name":${deepJson(50_000, '[', ']')}}`,
    );
    expect(answer).toMatchObject({ status: 400, body: { error: inputMessages.tooDeep } });
  });

  it('amounts past the money bounds are 400 with the bound in the message', async () => {
    const item = (quantity: unknown, unitPrice: unknown) => [
      { description: 'A large order', quantity, unitPrice },
    ];
    const tooDear = await postInvoice(app, token, invoicePayload({ items: item(1, 1e16) as never }));
    expect(tooDear).toMatchObject({
      status: 400,
      body: { fields: { 'items.0.unitPrice': invoiceMessages.unitPriceTooLarge } },
    });
    const tooMuch = await postInvoice(
      app,
      token,
      invoicePayload({ items: item(1_000_000, 1_000_000_000) as never }),
    );
    expect(tooMuch).toMatchObject({
      status: 400,
      body: { fields: { items: invoiceMessages.totalTooLarge } },
    });
    const preview = await app.post(
      '/templates/classic/preview',
      { invoice: invoicePayload({ items: item(1_000_000, 1_000_000_000) as never }) },
      { token },
    );
    expect(preview).toMatchObject({
      status: 400,
      body: { fields: { 'invoice.items': invoiceMessages.totalTooLarge } },
    });
  });

  it('a preview logo whose content is not the image it claims is refused (415; 400 when it is broken)', async () => {
    const svgAsPng = `data:image/png;base64,${Buffer.from(svg).toString('base64')}`;
    const answer = await app.post(
      '/templates/classic/preview',
      { invoice: invoicePayload(), logo: svgAsPng },
      { token },
    );
    expect(answer).toMatchObject({
      status: 415,
      body: { fields: { logo: 'The logo must be a PNG, JPEG, GIF or WebP image' } },
    });
    const broken = Buffer.concat([Buffer.from(tinyPng).subarray(0, 16), Buffer.from('the rest is missing')]);
    const brokenPng = `data:image/png;base64,${broken.toString('base64')}`;
    const second = await app.post(
      '/templates/classic/preview',
      { invoice: invoicePayload(), logo: brokenPng },
      { token },
    );
    expect(second.status).toBe(400);
    expect(second.body.error).toMatch(/logo could not be read/);
  });

  it('keeps personal answers out of every cache, the session token first', async () => {
    const login = await app.post('/auth/login', { email: 'careless@example.com', password: 'Sunflower42' });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect((await app.get('/settings', { token })).headers.get('cache-control')).toBe('no-store');
    expect((await app.get('/auth/status', { token })).headers.get('cache-control')).toBe('no-store');
    // Public images keep their own caching.
    const thumbnail = await fetch(`${app.base}/api/templates/classic/thumbnail`);
    expect(thumbnail.headers.get('cache-control')).toBe('public, max-age=86400');
  });
});
