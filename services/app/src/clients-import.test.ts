import type { Client } from '@remit/contracts';
import { httpStores } from '@remit/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { signedInUser } from './testing/users.js';

type Signed = Awaited<ReturnType<typeof signedInUser>>;

describe.each(httpStores())('importing clients and items over HTTP on %s', (kind) => {
  let app: TestApp;
  let ada: Signed;

  async function postImport(path: string, body: unknown, key: string) {
    const form = new FormData();
    form.set('import', JSON.stringify(body));
    const response = await fetch(`${app.base}/api${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ada.token}`, 'Idempotency-Key': key },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  beforeAll(async () => {
    app = await startTestApp(kind);
    ada = await signedInUser(app, 'ada@example.com', 'Ada Lovelace');
  });
  afterAll(() => app.close());

  it('refuses a whole import with one bad row, naming the row, and writes nothing', async () => {
    const clients = Array.from({ length: 50 }, (_, index) => ({
      companyName: `Client ${index}`,
      email: index === 31 ? 'broken' : `client${index}@example.com`,
    }));
    const refused = await postImport('/clients/import', { clients }, 'import-bad-00001');
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ 'clients.31.email': 'Please enter a valid email address' });
    expect((await app.get('/clients', { token: ada.token })).body.clients).toEqual([]);
  });

  it('imports 5,000 clients in one command, once for a repeated key', { timeout: 120_000 }, async () => {
    const clients = Array.from({ length: 5000 }, (_, index) => ({
      companyName: `Client ${String(index).padStart(4, '0')} – Ünïcødé`,
      email: `client${index}@example.com`,
      address: { street: 'Main Street 1', postCode: '10115', city: 'Berlin', country: 'DE' },
      paymentTermsDays: 30,
    }));
    const imported = await postImport('/clients/import', { clients }, 'import-good-0001');
    expect(imported).toMatchObject({ status: 201, body: { imported: 5000 } });
    const again = await postImport('/clients/import', { clients }, 'import-good-0001');
    expect(again.body.imported).toBe(5000);
    const list = await app.get('/clients', {
      token: ada.token,
      headers: { 'X-Remit-Position': String(imported.body.position) },
    });
    const listed = list.body.clients as Client[];
    expect(listed).toHaveLength(5000);
    expect(listed[0]?.companyName).toBe('Client 0000 – Ünïcødé');
  });

  it('imports catalogue items', async () => {
    const items = [
      { name: 'Design', price: '85', currency: 'EUR' },
      { name: 'Workshop day', price: '950', currency: 'EUR', unit: 'DAY' },
    ];
    const imported = await postImport('/items/import', { items }, 'import-items-001');
    expect(imported).toMatchObject({ status: 201, body: { imported: 2 } });
  });

  it('offers customers of past invoices that are not clients yet, one per e-mail', async () => {
    const bob = await signedInUser(app, 'bob@example.com', 'Bob Bobson');
    const issued = await postInvoice(app, bob.token, invoicePayload({ customerEmail: 'Grace@Example.com' }));
    expect(issued.status).toBe(201);
    const at = { 'X-Remit-Position': String(issued.body.position) };
    const offered = await app.get('/clients/candidates', { token: bob.token, headers: at });
    expect(offered.body.candidates).toEqual([
      {
        email: 'grace@example.com',
        contactName: 'Charles Babbage',
        companyName: 'Difference Works',
        address: '1 Dorset Street, London',
        vatId: '',
        invoices: 1,
      },
    ]);
    const created = await app.post(
      '/clients',
      { companyName: 'Difference Works', email: 'grace@example.com' },
      {
        token: bob.token,
      },
    );
    const after = await app.get('/clients/candidates', {
      token: bob.token,
      headers: { 'X-Remit-Position': String(created.body.position) },
    });
    expect(after.body.candidates).toEqual([]);
  });
});
