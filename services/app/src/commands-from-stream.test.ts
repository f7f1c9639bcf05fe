import { testStores } from '@remit/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { startMailCatcher } from './testing/mail-catcher.js';
import { signedInThroughMail } from './testing/users.js';

/**
 * A command about an invoice decides from the invoice's own stream, never from a read model (issue 34,
 * item 4): with the projector held back, every command right after issuing answers as it would later.
 */
describe.each(testStores())('commands right after issuing, with the read side held back, on %s', (kind) => {
  let app: TestApp;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let token = '';
  let releaseProjector: () => void = () => undefined;

  beforeAll(async () => {
    mail = await startMailCatcher();
    const held = new Promise<void>((resolve) => {
      releaseProjector = resolve;
    });
    app = await startTestApp(kind, { env: { SMTP_URL: mail.url }, projectorStartsAfter: held });
    token = await signedInThroughMail(app, mail, 'owner@example.com');
    expect(token).not.toBe('');
  }, 60_000);
  afterAll(async () => {
    releaseProjector();
    await app?.close();
    await mail?.close();
  });

  async function issued(number: string) {
    const created = await postInvoice(
      app,
      token,
      invoicePayload({ invoiceNumber: number, customerEmail: 'charles@difference.example' }),
    );
    expect(created.status).toBe(201);
    return String((created.body.invoice as { ID: string }).ID);
  }

  it('shares, sends, records payments, switches reminders and voids an invoice the list does not show yet', async () => {
    const first = await issued('LAG-1');
    const second = await issued('LAG-2');
    // Nothing is projected: the read side does not know either invoice.
    const listed = await app.get('/invoices', { token });
    expect(listed.body.invoices ?? listed.body.items ?? []).toHaveLength(0);

    const shared = await app.post(`/invoices/${second}/share`, {}, { token });
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    const sent = await app.post(`/invoices/${second}/send`, {}, { token });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect((await mail.nextTo('charles@difference.example')).raw).toMatch(/^Subject: Invoice LAG-2 from/m);
    const paid = await app.post(`/invoices/${second}/payments`, { amount: 1000 }, { token });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const reminders = await app.post(`/invoices/${second}/reminders`, { enabled: false }, { token });
    expect(reminders.status, JSON.stringify(reminders.body)).toBe(200);
    const markedPaid = await app.post(`/invoices/${second}/payments`, {}, { token });
    expect(markedPaid.status, JSON.stringify(markedPaid.body)).toBe(201);
    const voided = await app.post(`/invoices/${first}/void`, { reason: 'Issued twice' }, { token });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);

    // Another user's invoice, or one that does not exist, is still 404 from the stream.
    expect(
      (await app.post('/invoices/00000000-0000-4000-8000-000000000000/share', {}, { token })).status,
    ).toBe(404);

    releaseProjector();
    await app.applied(BigInt(String(voided.body.position)));
    const history = await app.get(`/invoices/${second}/history`, { token });
    expect((history.body.events as { type: string }[]).map((event) => event.type)).toEqual(
      expect.arrayContaining(['InvoiceShared', 'InvoiceSent', 'PaymentRecorded', 'InvoiceRemindersOptedOut']),
    );
  });
});
