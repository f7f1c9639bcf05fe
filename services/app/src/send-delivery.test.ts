import { invoiceSendMailId } from '@remit/contracts';
import { createEventStore } from '@remit/eventstore';
import { testStores } from '@remit/eventstore/testing';
import { createLogger, createMailer, setClock } from '@remit/kit';
import { startCollectionClock } from '@remit/projector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { decodeQuotedPrintable, startMailCatcher } from './testing/mail-catcher.js';
import { signedInThroughMail } from './testing/users.js';

/**
 * A send is queued with its `InvoiceSent` and delivered until the mail server takes it (issue 34, item 3):
 * a refusal or a process that died before SMTP loses nothing, a retry of the key sends nothing twice.
 */
describe.each(testStores())('a send survives a failing mail server and a restart, on %s', (kind) => {
  let app: TestApp;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  let token = '';
  const clock = setClock();

  beforeAll(async () => {
    mail = await startMailCatcher();
    app = await startTestApp(kind, { now: clock, env: { SMTP_URL: mail.url, SESSION_TTL_HOURS: '2160' } });
    token = await signedInThroughMail(app, mail, 'owner@example.com');
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await mail?.close();
  });

  const mailsTo = (address: string) => mail.messages.filter((message) => message.to.includes(address));
  const messageIdOf = (raw: string) => decodeQuotedPrintable(raw).match(/^Message-ID:\s*(<[^>]+>)/im)?.[1];
  async function sendStates(id: string, position: string) {
    const history = await app.get(`/invoices/${id}/history`, {
      token,
      headers: { 'X-Remit-Position': position },
    });
    return (history.body.events as { type: string; delivery?: string; summary: string }[])
      .filter((event) => event.type === 'InvoiceSent')
      .map(({ delivery, summary }) => ({ delivery, summary }));
  }

  async function issued(number: string, customerEmail: string) {
    const created = await postInvoice(app, token, invoicePayload({ invoiceNumber: number, customerEmail }));
    await app.applied(BigInt(String(created.body.position)));
    return String((created.body.invoice as { ID: string }).ID);
  }
  /** The time process of another projector, or of this one after a restart, on the same database. */
  function restartedTimeProcess(mailRetryDelaysMs?: number[]) {
    const store = createEventStore(app.database);
    const logger = createLogger({ level: 'silent', name: 'restarted' });
    const restarted = startCollectionClock({
      store,
      clock,
      mailer: createMailer(
        { smtpUrl: mail.url, from: 'Remit <no-reply@remit.test>', outboxDir: app.dataDir },
        logger,
      ),
      logger,
      appUrl: 'http://remit.test',
      intervalMs: 0,
      ...(mailRetryDelaysMs ? { mailRetryDelaysMs } : {}),
    });
    return {
      restarted,
      stop: async () => {
        await restarted.stop();
        await store.close();
      },
    };
  }

  it('mails a send the server refused once it takes mail again, after a restart: one Message-ID', async () => {
    const id = await issued('Q-1', 'queued@difference.example');
    const headers = { 'Idempotency-Key': `send-${id}` };

    mail.refuse();
    const first = await app.post(`/invoices/${id}/send`, {}, { token, headers });
    expect(first.status).toBe(201);
    const position = String(first.body.position);
    expect(await sendStates(id, position)).toEqual([
      { delivery: 'queued', summary: 'Queued for queued@difference.example: Invoice Q-1 from Engines & Co' },
    ]);
    mail.refuse(false);
    // The retry of the key answers the same and mails nothing itself: the queue has the send.
    const again = await app.post(`/invoices/${id}/send`, {}, { token, headers });
    expect(again.body).toEqual(first.body);
    expect(mailsTo('queued@difference.example')).toHaveLength(0);

    // Another process on the same database (this one after a restart) delivers it when its retry is due.
    const { restarted, stop } = restartedTimeProcess();
    try {
      expect((await restarted.tick()).mailed).toBe(0);
      clock.advance(60_000);
      expect((await restarted.tick()).mailed).toBe(1);
      clock.advance(24 * 3_600_000);
      expect((await restarted.tick()).mailed).toBe(0);
    } finally {
      await stop();
    }

    const sent = mailsTo('queued@difference.example');
    expect(sent.map((one) => messageIdOf(one.raw))).toEqual([
      `<${invoiceSendMailId(String(first.body.sendId))}@remit.test>`,
    ]);
    expect(sent[0]?.raw).toMatch(/Content-Type: application\/pdf; name=Invoice_Q-1_/);
    expect(await sendStates(id, position)).toEqual([
      { delivery: 'sent', summary: 'Sent to queued@difference.example: Invoice Q-1 from Engines & Co' },
    ]);
  });

  it('says Failed in History once the last retry is refused, and sends nothing', async () => {
    const id = await issued('Q-2', 'refused@difference.example');
    mail.refuse();
    try {
      const sent = await app.post(`/invoices/${id}/send`, {}, { token });
      expect(sent.status).toBe(201);
      const { restarted, stop } = restartedTimeProcess([]);
      try {
        clock.advance(60_000);
        expect(await restarted.tick()).toMatchObject({ mailed: 0 });
      } finally {
        await stop();
      }
      expect(await sendStates(id, String(sent.body.position))).toEqual([
        {
          delivery: 'failed',
          summary: 'Could not be delivered to refused@difference.example: Invoice Q-2 from Engines & Co',
        },
      ]);
      expect(mailsTo('refused@difference.example')).toHaveLength(0);
    } finally {
      mail.refuse(false);
    }
  });
});
