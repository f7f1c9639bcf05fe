import { sampleInvoiceDocument } from '@remit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload } from './testing/invoices.js';
import { signedInUser } from './testing/users.js';

describe('templates API', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('pglite');
  });
  afterAll(() => app.close());

  it('lists at least ten templates in the spec shape', async () => {
    const response = await app.get('/templates/get');
    expect(response.status).toBe(200);
    const templates = response.body as unknown as {
      ID: string;
      TemplateName: string;
      TemplateComponentName: string;
      ThumbnailURL: string;
    }[];
    expect(templates.length).toBeGreaterThanOrEqual(10);
    expect(new Set(templates.map((template) => template.ID)).size).toBe(templates.length);
    expect(templates[0]).toEqual({
      ID: 'classic',
      TemplateName: 'Classic',
      TemplateComponentName: 'ClassicTemplate',
      ThumbnailURL: '/api/templates/classic/thumbnail',
    });
  });

  it('serves every thumbnail as an image', async () => {
    const templates = (await app.get('/templates/get')).body as unknown as { ThumbnailURL: string }[];
    for (const template of templates) {
      const response = await fetch(`${app.base}${template.ThumbnailURL}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
  });

  it('previews a template on sample data as HTML for the frame', async () => {
    const response = await fetch(`${app.base}/api/templates/modern/html`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<svg');
    expect(html).toContain(`Invoice ${sampleInvoiceDocument().number}`);
  });

  it('answers 404 for an unknown template', async () => {
    expect((await app.get('/templates/nope/html')).status).toBe(404);
    expect((await app.get('/templates/nope/thumbnail')).status).toBe(404);
  });

  it("previews the signed-in user's own unsaved invoice, and only for a signed-in user", async () => {
    const invoice = invoicePayload({ invoiceNumber: 'DRAFT-0042' });
    expect((await app.post('/templates/classic/preview', { invoice })).status).toBe(401);
    const { token } = await signedInUser(app, 'preview@example.com');
    const response = await fetch(`${app.base}/api/templates/classic/preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ invoice }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Invoice DRAFT-0042');
    const invalid = await app.post(
      '/templates/classic/preview',
      { invoice: { invoiceNumber: 'X' } },
      { token },
    );
    expect(invalid.status).toBe(400);
    expect((invalid.body.fields as Record<string, string>)['invoice.customerName']).toBe(
      'Customer name is required',
    );
  });
});
