import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice, tinyPng } from './testing/invoices.js';
import { signedInUser } from './testing/users.js';

/** POST /templates/{id}/preview as step 2 sends it: multipart with the invoice JSON and the logo file. */
async function previewMultipart(
  app: TestApp,
  token: string,
  invoice: unknown,
  logo?: { bytes: Uint8Array; type: string },
  position = '0',
) {
  const form = new FormData();
  form.set('invoice', JSON.stringify(invoice));
  if (logo) form.set('logo', new Blob([logo.bytes], { type: logo.type }), 'logo');
  const response = await fetch(`${app.base}/api/templates/classic/preview`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'X-Remit-Position': position },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

/** The same call as JSON `{ invoice, logo }` with the logo as a data URL. */
async function previewJson(app: TestApp, token: string, body: unknown, position = '0') {
  const response = await fetch(`${app.base}/api/templates/classic/preview`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'X-Remit-Position': position,
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text };
}

const svgAsPng = new TextEncoder().encode(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
);
const dataUrl = (type: string, bytes: Uint8Array) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
/**
 * What a preview shows: its text layer in order and its images (the logo). The glyph outlines' ids and order in
 * the SVG depend on the render worker's font cache, so two renders of one page are compared by what they show.
 */
const pages = (html: string) => ({
  text: [...html.matchAll(/class="tsel"[^>]*>([^<]*)</g)].map((match) => match[1]),
  images: [...html.matchAll(/<image\b[^>]*?href="([^"]+)"/g)].map((match) => match[1]),
  pageCount: (html.match(/<svg\b/g) ?? []).length,
});

describe('the step-2 preview is the PDF (issue 16)', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp('pglite');
    ({ token } = await signedInUser(app, 'preview-logo@example.com'));
  });
  afterAll(() => app.close());

  it('renders with the uploaded logo and the chosen payment method exactly as the issued invoice', async () => {
    const method = await app.post(
      '/settings/payment-methods',
      { name: 'Main account', type: 'bank_transfer', bankName: 'Lloyds', iban: 'GB82WEST12345698765432' },
      { token },
    );
    expect(method.status).toBe(201);
    const paymentMethodId = (method.body.paymentMethod as { ID: string }).ID;
    const invoice = invoicePayload({ invoiceNumber: 'LOGO-001', paymentMethodId });

    const after = String(method.body.position);
    const png = { bytes: tinyPng, type: 'image/png' };
    const withLogo = await previewMultipart(app, token, invoice, png, after);
    expect(withLogo.status).toBe(200);
    expect(withLogo.text).toContain('GB82 WEST 1234 5698 7654 32');
    const withoutLogo = await previewMultipart(app, token, invoice, undefined, after);
    expect(withoutLogo.status).toBe(200);
    // Without the logo the page holds only the payment QR code (an SVG), no bitmap.
    const logos = (text: string) => pages(text).images.filter((src) => src?.startsWith('data:image/png'));
    expect(logos(withoutLogo.text)).toEqual([]);
    expect(pages(withoutLogo.text).images).toHaveLength(1);
    // The logo as a data URL in JSON (small logos) renders the same page.
    const json = await previewJson(app, token, { invoice, logo: dataUrl('image/png', tinyPng) }, after);
    expect(json.status).toBe(200);
    expect(pages(json.text)).toEqual(pages(withLogo.text));

    const issued = await postInvoice(app, token, invoice, { logo: { bytes: tinyPng, type: 'image/png' } });
    expect(issued.status).toBe(201);
    const id = (issued.body.invoice as { ID: string }).ID;
    const position = issued.headers.get('x-remit-position') ?? '';
    const stored = await fetch(`${app.base}/api/invoices/${id}/preview`, {
      headers: { authorization: `Bearer ${token}`, 'X-Remit-Position': position },
    });
    expect(stored.status).toBe(200);
    const shown = pages(withLogo.text);
    expect(shown.text).toContain('LOGO-001');
    expect(shown.text).toContain('GB82 WEST 1234 5698 7654 32');
    expect(logos(withLogo.text)).toHaveLength(1);
    expect(shown.text).toContain('Scan with a banking app to pay');
    expect(pages(await stored.text())).toEqual(shown);
  });

  it('refuses an SVG dressed as a PNG, an oversize logo and a broken data URL with a 4xx, rendering nothing', async () => {
    const invoice = invoicePayload({ invoiceNumber: 'LOGO-002' });
    const multipartSvg = await previewMultipart(app, token, invoice, { bytes: svgAsPng, type: 'image/png' });
    expect(multipartSvg.status).toBe(415);
    expect(multipartSvg.json()).toMatchObject({
      error: 'The logo must be a PNG, JPEG, GIF or WebP image',
      fields: { logo: 'The logo must be a PNG, JPEG, GIF or WebP image' },
    });

    const jsonSvg = await app.post(
      '/templates/classic/preview',
      { invoice, logo: dataUrl('image/png', svgAsPng) },
      { token },
    );
    expect(jsonSvg.status).toBe(415);
    const declaredSvg = await app.post(
      '/templates/classic/preview',
      { invoice, logo: dataUrl('image/svg+xml', svgAsPng) },
      { token },
    );
    expect(declaredSvg.status).toBe(415);

    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(tinyPng);
    const oversize = await previewMultipart(app, token, invoice, { bytes: big, type: 'image/png' });
    expect(oversize.status).toBe(413);
    expect(oversize.json().error).toBe('The logo must be at most 2 MB');

    const broken = await app.post(
      '/templates/classic/preview',
      { invoice, logo: 'data:image/png,<svg>' },
      { token },
    );
    expect(broken.status).toBe(400);
    const badJson = await fetch(`${app.base}/api/templates/classic/preview`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: (() => {
        const form = new FormData();
        form.set('invoice', '{not json');
        return form;
      })(),
    });
    expect(badJson.status).toBe(400);
  });
});
