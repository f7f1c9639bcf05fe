import { type Client, type ClientListEntry, clientMessages, type Item } from '@remit/contracts';
import { httpStores } from '@remit/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { signedInUser } from './testing/users.js';

type Signed = Awaited<ReturnType<typeof signedInUser>>;

const acme = {
  companyName: 'Difference Works',
  contactName: 'Charles Babbage',
  email: 'Charles@Difference.example',
  address: { street: '1 Dorset Street', postCode: 'W1U 4EG', city: 'London', country: 'GB' },
  language: 'en',
  currency: 'EUR',
  paymentTermsDays: 30,
};

describe.each(httpStores())('clients and items over HTTP on %s', (kind) => {
  let app: TestApp;
  let ada: Signed;
  let bob: Signed;
  let client: Client;

  const at = (position: unknown) => ({ 'X-Remit-Position': String(position) });

  beforeAll(async () => {
    app = await startTestApp(kind);
    ada = await signedInUser(app, 'ada@example.com', 'Ada Lovelace');
    bob = await signedInUser(app, 'bob@example.com', 'Bob Bobson');
  });
  afterAll(() => app.close());

  it('creates a client (201) and lists it with its balance due and last invoice', async () => {
    const issued = await postInvoice(app, ada.token, invoicePayload());
    expect(issued.status).toBe(201);
    const created = await app.post('/clients', acme, { token: ada.token });
    expect(created.status).toBe(201);
    client = created.body.client as Client;
    expect(client).toMatchObject({ version: 1, archived: false, email: 'charles@difference.example' });
    const list = await app.get('/clients', { token: ada.token, headers: at(created.body.position) });
    expect(list.status).toBe(200);
    const [entry] = list.body.clients as ClientListEntry[];
    expect(entry).toMatchObject({ id: client.id, lastInvoiceDate: '2025-03-14' });
    expect(entry?.balances).toEqual([{ currency: 'EUR', balance: expect.any(Number) }]);
    const page = await app.get(`/clients/${client.id}`, { token: ada.token });
    expect(page.status).toBe(200);
    expect(page.body.invoices).toEqual([expect.objectContaining({ number: 'INV-0001', currency: 'EUR' })]);
  });

  it('answers each wrong field with its message (400), never 500, and refuses a huge body', async () => {
    const bad = await app.post(
      '/clients',
      { email: 'nope', address: { country: 'ZZ' }, notes: 'x'.repeat(2000) },
      { token: ada.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      companyName: clientMessages.nameRequired,
      email: clientMessages.emailInvalid,
      'address.country': clientMessages.countryInvalid,
      notes: clientMessages.notesTooLong,
    });
    const huge = await app.post('/clients', { companyName: 'x'.repeat(400_000) }, { token: ada.token });
    expect(huge.status).toBe(413);
  });

  it('refuses the later of two edits from the same version with 409 and a clear message', async () => {
    const body = (companyName: string) => ({ client: { ...acme, companyName }, version: client.version });
    const first = await app.call('PUT', `/clients/${client.id}`, { token: ada.token, body: body('Tab One') });
    expect(first.status).toBe(200);
    expect((first.body.client as Client).version).toBe(2);
    const second = await app.call('PUT', `/clients/${client.id}`, {
      token: ada.token,
      body: body('Tab Two'),
    });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe(clientMessages.changedElsewhere);
    client = first.body.client as Client;
  });

  it("never shows or changes another user's client", async () => {
    expect((await app.get(`/clients/${client.id}`, { token: bob.token })).status).toBe(404);
    expect((await app.get('/clients', { token: bob.token })).body.clients).toEqual([]);
    const edit = await app.call('PUT', `/clients/${client.id}`, {
      token: bob.token,
      body: { client: acme, version: 2 },
    });
    expect(edit.status).toBe(404);
    expect((await app.call('DELETE', `/clients/${client.id}`, { token: bob.token })).status).toBe(404);
  });

  it('archives a deleted client that has open invoices; its page still shows them', async () => {
    const removed = await app.call('DELETE', `/clients/${client.id}`, { token: ada.token });
    expect(removed.status).toBe(200);
    expect(removed.body.client).toMatchObject({ archived: true });
    const headers = at(removed.body.position);
    expect((await app.get('/clients', { token: ada.token, headers })).body.clients).toEqual([]);
    const archived = await app.get('/clients?archived=true', { token: ada.token, headers });
    expect((archived.body.clients as Client[]).map((entry) => entry.id)).toEqual([client.id]);
    const page = await app.get(`/clients/${client.id}`, { token: ada.token, headers });
    expect((page.body.invoices as unknown[]).length).toBe(1);
  });

  it('answers a repeated create with the same Idempotency-Key once', async () => {
    const headers = { 'Idempotency-Key': 'client-create-0001' };
    const body = { companyName: '株式会社 東京', contactName: '<script>alert(1)</script>' };
    const first = await app.post('/clients', body, { token: ada.token, headers });
    const again = await app.post('/clients', body, { token: ada.token, headers });
    expect(first.status).toBe(201);
    expect(again.body.client).toEqual(first.body.client);
    const list = await app.get('/clients', { token: ada.token, headers: at(first.body.position) });
    expect((list.body.clients as Client[]).map((entry) => entry.contactName)).toEqual([
      '<script>alert(1)</script>',
    ]);
  });

  it('keeps catalogue items: an hourly service by default, the price as typed in its currency', async () => {
    const created = await app.post(
      '/items',
      { name: 'Design work', price: '85,50', currency: 'EUR' },
      { token: ada.token },
    );
    expect(created.status).toBe(201);
    const item = created.body.item as Item;
    expect(item).toMatchObject({ unit: 'HUR', price: '85.50', priceMinor: 8550, version: 1 });
    const tooPrecise = await app.post(
      '/items',
      { name: 'X', price: '1.5', currency: 'JPY' },
      { token: ada.token },
    );
    expect(tooPrecise.body.fields).toEqual({ price: 'Price cannot have decimals in JPY' });
    const changed = await app.call('PUT', `/items/${item.id}`, {
      token: ada.token,
      body: { item: { name: 'Design work', price: '90', currency: 'EUR', unit: 'DAY' }, version: 1 },
    });
    expect(changed.body.item).toMatchObject({ unit: 'DAY', price: '90.00', version: 2 });
    const headers = at(changed.body.position);
    expect((await app.get('/items', { token: ada.token, headers })).body.items).toEqual([changed.body.item]);
    expect((await app.get(`/items/${item.id}`, { token: bob.token })).status).toBe(404);
    const removed = await app.call('DELETE', `/items/${item.id}`, { token: ada.token });
    expect(removed.status).toBe(200);
    const after = await app.get('/items', { token: ada.token, headers: at(removed.body.position) });
    expect(after.body.items).toEqual([]);
  });
});
