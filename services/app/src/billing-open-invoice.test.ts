import { createEventStore, type EventStore } from '@remit/eventstore';
import { httpStores } from '@remit/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { signedInUser } from './testing/users.js';

describe.each(httpStores())('no checkout for an invoice that is already open, on %s (issue 16)', (kind) => {
  let app: TestApp;
  let store: EventStore;
  beforeAll(async () => {
    app = await startTestApp(kind, { env: { SIGNUP_LIMIT_PER_IP_HOUR: '100' } });
    store = createEventStore(app.database);
  });
  afterAll(() => app.close());

  const issue = async (token: string, number: string) => {
    const created = await postInvoice(app, token, invoicePayload({ invoiceNumber: number }));
    expect(created.status).toBe(201);
    return (created.body.invoice as { ID: string }).ID;
  };
  const buy = (token: string, invoiceId: string) =>
    app.post('/create-checkout-session', { plan: 'per-invoice', isOneTime: true, invoiceId }, { token });

  it('refuses the newest invoice (open for free) with 409 and changes nothing; the older ones can be bought', async () => {
    const { token, user } = await signedInUser(app, `open-${kind}@example.com`);
    const older = await issue(token, 'OPEN-001');
    const newest = await issue(token, 'OPEN-002');

    const refused = await buy(token, newest);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'invoice_already_open',
      error: 'This invoice is already open: your newest invoice is free to view and download',
    });
    const events = await store.readStream(`subscription-${user.id}`);
    expect(events.filter((event) => event.type === 'CheckoutStarted')).toHaveLength(0);

    expect((await buy(token, older)).status).toBe(201);

    // Deleting the newest opens the one before it for free, as the dashboard shows it.
    const deleted = await app.call('DELETE', `/invoices/${newest}`, { token });
    expect(deleted.status).toBe(200);
    expect((await buy(token, older)).status).toBe(409);
    // Another user's newest invoice is not theirs to buy: 404, as before.
    const other = await signedInUser(app, `other-${kind}@example.com`);
    expect((await buy(other.token, older)).status).toBe(404);
  });
});
