import type { TopClient } from '@remit/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { subscribe } from './testing/profile.js';
import { signedInUser } from './testing/users.js';

describe('top clients never rank one currency against another (issue 16)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('pglite');
  });
  afterAll(() => app.close());

  it('ranks within each currency, at most 5 per currency, the most used currency first', async () => {
    const user = await signedInUser(app, 'ranks@example.com');
    await subscribe(app, user);
    const bill = async (number: string, name: string, currency: string, unitPrice: string) => {
      const email = `${name.split(' ')[0]?.toLowerCase()}@example.com`;
      const invoice = invoicePayload({
        invoiceNumber: number,
        customerName: name,
        customerEmail: email,
        currency,
        taxRate: 0,
        items: [{ description: 'Consulting', quantity: 1, unitPrice }],
      });
      const created = await postInvoice(app, user.token, invoice);
      expect(created.status).toBe(201);
      return created.headers.get('x-remit-position') ?? '0';
    };
    await bill('T-001', 'Yuki Tanaka', 'JPY', '14400');
    const eurNames = [
      'Anna Berg',
      'Bruno Costa',
      'Clara Dietz',
      'David Engel',
      'Eva Fischer',
      'Felix Gruber',
    ];
    for (const [index, name] of eurNames.entries())
      await bill(`T-10${index}`, name, 'EUR', `${100 + index},00`);
    const last = await bill('T-200', 'Greta Hahn', 'EUR', '722,40');

    const answer = await app.get('/customers/top', {
      token: user.token,
      headers: { 'X-Remit-Position': last },
    });
    expect(answer.status).toBe(200);
    const clients = answer.body.clients as TopClient[];
    expect(clients.map((client) => [client.CustomerName, client.Currency, client.TotalAmount])).toEqual([
      ['Greta Hahn', 'EUR', 72240],
      ['Felix Gruber', 'EUR', 10500],
      ['Eva Fischer', 'EUR', 10400],
      ['David Engel', 'EUR', 10300],
      ['Clara Dietz', 'EUR', 10200],
      ['Yuki Tanaka', 'JPY', 14400],
    ]);
  });
});
