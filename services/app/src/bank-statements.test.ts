import { camt053, mt940, type TestEntry } from '@remit/command/testing/statements';
import type { BankTransaction } from '@remit/contracts';
import { httpStores } from '@remit/eventstore/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { subscribe } from './testing/profile.js';
import { signedInUser } from './testing/users.js';

type Signed = Awaited<ReturnType<typeof signedInUser>>;

describe.each(httpStores())('bank statements over HTTP on %s', (kind) => {
  let app: TestApp;
  let ada: Signed;
  let bob: Signed;
  const ids = new Map<string, string>();
  const clock = Date.parse('2026-11-27T20:00:00Z');

  async function logSize(): Promise<number> {
    const result = await app.database.db.execute(sql`select count(*)::int as n from events`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  }

  async function upload(text: string | Uint8Array, token = ada.token, key?: string) {
    const form = new FormData();
    form.set('file', new Blob([text]), 'statement.xml');
    const response = await fetch(`${app.base}/api/bank-statements`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...(key ? { 'Idempotency-Key': key } : {}) },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function issue(number: string, price: string, overrides: Parameters<typeof invoicePayload>[0] = {}) {
    const created = await postInvoice(
      app,
      ada.token,
      invoicePayload({
        invoiceNumber: number,
        taxRate: 0,
        issueDate: '2026-11-01',
        dueDate: '2026-12-01',
        items: [{ description: 'Consulting', quantity: 1, unitPrice: price }],
        ...overrides,
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    ids.set(number, String((created.body.invoice as { ID: string }).ID));
    return created;
  }
  const id = (number: string) => ids.get(number) as string;

  async function transactions(state?: string, token = ada.token, position?: unknown) {
    const answer = await app.get(`/bank-transactions${state ? `?state=${state}` : ''}`, {
      token,
      ...(position ? { headers: { 'X-Remit-Position': String(position) } } : {}),
    });
    expect(answer.status).toBe(200);
    return answer.body.transactions as BankTransaction[];
  }
  const collectionOf = async (number: string) =>
    (await app.get(`/invoices/${id(number)}`, { token: ada.token })).body.Collection as {
      CollectionStatus: string;
      AmountPaid: number;
      Balance: number;
    };

  /** Twenty entries as three banks write them: eleven certain, seven to confirm, two with nothing to go by. */
  const twenty: TestEntry[] = [
    { amount: '100.00', payer: 'Charles Babbage', unstructured: ['EREF+NOTPROVIDED SVWZ+RE INV-2026-0001'] },
    { amount: '200.00', payer: 'Charles Babbage', unstructured: ['inv 2026 0002'] },
    { amount: '300.00', unstructured: ['SVWZ+RE INV-2026-00', '03 Danke'] },
    { amount: '400.00', structured: 'INV-2026-0004' },
    { amount: '500.00', unstructured: ['Rechnung Nr.INV20260005'] },
    { amount: '600.00', additionalInfo: 'GUTSCHRIFT INV-2026-0006' },
    { amount: '700.00', unstructured: ['Facture INV-2026-0007'], structured: 'RF18539007547034' },
    { amount: '800.00', unstructured: ['Ref: INV-2026-0008'] },
    { amount: '450.00', unstructured: ['INV-2026-0009 part 1'] },
    { amount: '250.00', unstructured: ['INV-2026-0010, INV-2026-0011'] },
    { amount: '120.00', payer: 'GRACE HOPPER LTD', unstructured: ['Thanks'] },
    { amount: '130.00', unstructured: ['INV-2026-0013'] },
    { amount: '140.00', unstructured: ['INV-2026-0014'] },
    { amount: '150.00', currency: 'USD', unstructured: ['INV-2026-0015'] },
    { amount: '12.34', payer: 'Finanzamt', unstructured: ['Erstattung'] },
    { amount: '99.00', credit: false, unstructured: ['Miete'] },
    { amount: '160.00', unstructured: ['INV-2026-0016'] },
    { amount: '77.00', payer: 'Versicherung', unstructured: ['Beitrag zurück'] },
    { amount: '170.00', unstructured: ['INV-2026-0017'] },
    { amount: '180.00', payer: 'LOVELACE ANALYTICS', unstructured: ['Payment'] },
  ];

  beforeAll(async () => {
    app = await startTestApp(kind, { now: () => new Date(clock) });
    ada = await signedInUser(app, 'ada@example.com', 'Ada Lovelace');
    bob = await signedInUser(app, 'bob@example.com', 'Bob Stone');
    // The details' payment status is a subscriber's (billing); matching itself is not.
    await subscribe(app, ada);
    for (let n = 1; n <= 17; n += 1) {
      const number = `INV-2026-${String(n).padStart(4, '0')}`;
      const price =
        { 9: '900.00', 10: '100.00', 11: '150.00', 12: '120.00', 15: '150.00' }[n] ?? `${n * 100}.00`;
      await issue(number, n === 13 || n === 14 ? `${n * 10}.00` : n >= 16 ? `${n * 10}.00` : price, {
        ...(n === 12 ? { customerName: 'Grace Hopper Ltd', customerEmail: 'grace@hopper.example' } : {}),
      });
    }
    await issue('INV-2026-0018', '180.00', {
      customerName: 'Lydia Analytics',
      customerEmail: 'billing@lovelace.example',
    });
    const client = await app.post(
      '/clients',
      { companyName: 'Lovelace Analytics', email: 'billing@lovelace.example' },
      { token: ada.token },
    );
    expect(client.status).toBe(201);
    expect(
      (await app.post(`/invoices/${id('INV-2026-0013')}/void`, { reason: 'Duplicate' }, { token: ada.token }))
        .status,
    ).toBe(200);
    const credited = await app.post(
      `/invoices/${id('INV-2026-0014')}/credit-notes`,
      { reason: 'Cancelled' },
      { token: ada.token },
    );
    expect(credited.status).toBe(201);
    await app.applied(BigInt(String(credited.body.position)));
  });
  afterAll(() => app.close());

  it('marks the right invoices of a 20-entry CAMT.053 paid and leaves the rest as suggestions', async () => {
    const imported = await upload(camt053(twenty), ada.token, 'bank-import-0001');
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({
      imported: 19,
      matched: 10,
      suggested: 7,
      unmatched: 2,
      duplicates: 0,
      debits: 1,
    });

    const all = await transactions(undefined, ada.token, imported.body.position);
    expect(all).toHaveLength(19);
    const paid = ['0001', '0002', '0003', '0004', '0005', '0006', '0007', '0008', '0016', '0017'];
    for (const suffix of paid)
      expect((await collectionOf(`INV-2026-${suffix}`)).CollectionStatus).toBe('paid');
    for (const suffix of ['0009', '0010', '0011', '0012', '0015', '0018']) {
      expect((await collectionOf(`INV-2026-${suffix}`)).AmountPaid).toBe(0);
    }

    const suggested = await transactions('suggested');
    const reasons = Object.fromEntries(
      suggested.map((transaction) => [
        transaction.amount,
        transaction.suggestions.map(
          (suggestion) => `${suggestion.number} ${suggestion.reason} ${suggestion.amount}`,
        ),
      ]),
    );
    expect(reasons).toEqual({
      45000: ['INV-2026-0009 partial 45000'],
      25000: ['INV-2026-0010 several_invoices 10000', 'INV-2026-0011 several_invoices 15000'],
      12000: ['INV-2026-0012 payer 12000'],
      13000: ['INV-2026-0013 void 0'],
      14000: ['INV-2026-0014 credited 0'],
      15000: ['INV-2026-0015 other_currency 15000'],
      18000: ['INV-2026-0018 payer 18000'],
    });
    expect((await transactions('unmatched')).map((transaction) => transaction.payerName).sort()).toEqual([
      'Finanzamt',
      'Versicherung',
    ]);
    const matched = await transactions('matched');
    expect(matched.find((transaction) => transaction.amount === 10000)?.matches).toEqual([
      expect.objectContaining({
        invoiceId: id('INV-2026-0001'),
        number: 'INV-2026-0001',
        amount: 10000,
        automatic: true,
      }),
    ]);

    const history = await app.get(`/invoices/${id('INV-2026-0001')}/history`, { token: ada.token });
    expect((history.body.events as { summary: string }[]).map((event) => event.summary)).toContain(
      'Payment of €100.00 received 2026-11-27 (20261127000001): Matched from statement 2026-11-27, entry 20261127000001',
    );
  });

  it('records nothing new for the same statement twice, and only the new entries of an overlapping one', async () => {
    const before = await logSize();
    const again = await upload(camt053(twenty));
    expect(again).toMatchObject({
      status: 200,
      body: { imported: 0, matched: 0, duplicates: 19, debits: 1 },
    });
    expect(await logSize()).toBe(before);

    // The next day's statement repeats the last four entries (the bank's references are the same) and adds three.
    const overlapping = camt053([
      ...twenty
        .slice(16)
        .map((entry, index) => ({ ...entry, reference: `2026112700${String(17 + index).padStart(4, '0')}` })),
      { amount: '1.00', unstructured: ['Rundung'], reference: 'NEXT-0001' },
      { amount: '2.00', unstructured: ['Rundung'], reference: 'NEXT-0002' },
      { amount: '3.00', unstructured: ['Rundung'], reference: 'NEXT-0003' },
    ]);
    const next = await upload(overlapping);
    expect(next).toMatchObject({ status: 201, body: { imported: 3, unmatched: 3, duplicates: 4 } });
    expect(await transactions(undefined, ada.token, next.body.position)).toHaveLength(22);
  });

  it('imports a statement sent twice at once with one key once (a double click)', async () => {
    const file = camt053([
      { amount: '7.00', unstructured: ['Ёлка — подарок'], payer: 'Мария Иванова', reference: 'DBL-1' },
    ]);
    const [first, second] = await Promise.all([
      upload(file, ada.token, 'bank-import-double'),
      upload(file, ada.token, 'bank-import-double'),
    ]);
    const answers = [first, second].filter((answer) => answer.status === 201);
    expect(answers.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect(answer.body).toMatchObject({ imported: 1, unmatched: 1 });
    const listed = await transactions('unmatched', ada.token, answers[0]?.body.position);
    expect(listed.filter((transaction) => transaction.payerName === 'Мария Иванова')).toHaveLength(1);
  });

  it('refuses broken and hostile files with a 4xx naming the line or element, recording nothing', async () => {
    const before = await logSize();
    const truncated = await upload(camt053(twenty).slice(0, 2000));
    expect(truncated.status).toBe(400);
    expect(String((truncated.body.fields as { file: string }).file)).toMatch(
      /^The XML is not well-formed: line \d+, column \d+/,
    );
    const badAmount = await upload(camt053([{ amount: '1.000,00', reference: 'BAD-1' }]));
    expect(badAmount.status).toBe(400);
    expect(badAmount.body.error).toMatch(/^Line \d+, element Ntry\/Amt: "1.000,00" is not an amount/);
    const xxe = await upload(
      `<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>&x;</BkToCstmrStmt></Document>`,
    );
    expect(xxe).toMatchObject({
      status: 400,
      body: { error: 'Line 1: a DOCTYPE is not allowed in a bank statement' },
    });
    const brokenMt940 = await upload(
      mt940([{ amount: '10,00', purpose: ['x'] }]).replace(':61:261127', ':61:2611X7'),
    );
    expect(brokenMt940.status).toBe(400);
    expect(brokenMt940.body.error).toMatch(/^Line 5 \(:61:\)/);
    const csv = await upload('Datum;Betrag\n27.11.2026;10,00\n');
    expect(csv.body.error).toMatch(/save a column mapping first/);
    const huge = await upload(new Uint8Array(16 * 1024 * 1024 + 1));
    expect(huge.status).toBe(413);
    const none = await fetch(`${app.base}/api/bank-statements`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ada.token}` },
      body: new FormData(),
    });
    expect(none.status).toBe(400);
    expect(await logSize()).toBe(before);
  });

  it('confirms a suggestion once for a repeated click, into the invoice’s History', async () => {
    const partial = (await transactions('suggested')).find(
      (transaction) => transaction.amount === 45000,
    ) as BankTransaction;
    const key = { token: ada.token, headers: { 'Idempotency-Key': 'bank-match-00001' } };
    const body = { invoiceId: id('INV-2026-0009'), amount: 45000 };
    const [first, second] = await Promise.all([
      app.post(`/bank-transactions/${partial.id}/match`, body, key),
      app.post(`/bank-transactions/${partial.id}/match`, body, key),
    ]);
    expect([first.status, second.status].sort()).toEqual(expect.arrayContaining([200]));
    const settledAnswer = first.status === 200 ? first : second;
    await app.applied(BigInt(String(settledAnswer.body.position)));
    expect(await collectionOf('INV-2026-0009')).toMatchObject({ AmountPaid: 45000, Balance: 45000 });
    expect((await transactions('matched')).some((transaction) => transaction.id === partial.id)).toBe(true);
    const more = await app.post(`/bank-transactions/${partial.id}/match`, body, { token: ada.token });
    expect(more).toMatchObject({
      status: 409,
      body: { error: 'This transaction is already matched in full' },
    });
  });

  it('applies a transfer to the several invoices it pays, and refuses more than is left', async () => {
    const several = (await transactions('suggested')).find(
      (transaction) => transaction.amount === 25000,
    ) as BankTransaction;
    const over = await app.post(
      `/bank-transactions/${several.id}/match`,
      { invoiceId: id('INV-2026-0010'), amount: 25001 },
      { token: ada.token },
    );
    expect(over.status).toBe(400);
    for (const suggestion of several.suggestions) {
      const answer = await app.post(
        `/bank-transactions/${several.id}/match`,
        { invoiceId: suggestion.invoiceId, amount: suggestion.amount },
        { token: ada.token },
      );
      expect(answer.status).toBe(200);
      await app.applied(BigInt(String(answer.body.position)));
    }
    expect((await collectionOf('INV-2026-0010')).CollectionStatus).toBe('paid');
    expect((await collectionOf('INV-2026-0011')).CollectionStatus).toBe('paid');
  });

  it('never applies a payment to a void invoice; ignores what the owner says is not an invoice', async () => {
    const suggested = await transactions('suggested');
    const toVoid = suggested.find((transaction) => transaction.amount === 13000) as BankTransaction;
    const refused = await app.post(
      `/bank-transactions/${toVoid.id}/match`,
      { invoiceId: id('INV-2026-0013'), amount: 13000 },
      { token: ada.token },
    );
    expect(refused.status).toBe(409);
    const ignored = await app.post(`/bank-transactions/${toVoid.id}/ignore`, {}, { token: ada.token });
    expect(ignored.status).toBe(200);
    expect(
      (await transactions('ignored', ada.token, ignored.body.position)).map((transaction) => transaction.id),
    ).toEqual([toVoid.id]);
  });

  it('returns a credit to the unmatched once when its payment is reversed; a bank payment says so', async () => {
    const credit = (await transactions('matched')).find(
      (transaction) => transaction.amount === 10000,
    ) as BankTransaction;
    const invoiceId = id('INV-2026-0001');
    const [payment] = (
      (await app.get(`/invoices/${invoiceId}`, { token: ada.token })).body.Collection as {
        Payments: { id: string; source: string; reversed: boolean }[];
      }
    ).Payments;
    expect(payment).toMatchObject({ source: 'bank', reversed: false });
    const reverse = (key: string) =>
      app.post(
        `/invoices/${invoiceId}/payments/${payment?.id}/reverse`,
        { reason: 'Another customer’s transfer' },
        { token: ada.token, headers: { 'Idempotency-Key': key } },
      );
    // A double click, then a second reversal later: the credit is freed once.
    const [first, second] = await Promise.all([reverse('bank-reverse-0001'), reverse('bank-reverse-0001')]);
    expect([first.status, second.status]).toContain(200);
    expect(Math.max(first.status, second.status)).toBeLessThan(500);
    const again = await reverse('bank-reverse-0002');
    expect(again.status).toBe(200);
    const unmatched = await transactions('unmatched', ada.token, again.body.position ?? first.body.position);
    expect(unmatched.find((transaction) => transaction.id === credit.id)).toMatchObject({
      remaining: 10000,
      matches: [],
    });
    const freed = await app.database.db.execute(
      sql`select count(*)::int as n from events where type = 'BankTransactionUnmatched' and data->>'transactionId' = ${credit.id}`,
    );
    expect((freed as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    expect(await collectionOf('INV-2026-0001')).toMatchObject({ AmountPaid: 0, Balance: 10000 });

    // Matched again by the owner: a new payment, the credit matched in full once more.
    const rematched = await app.post(
      `/bank-transactions/${credit.id}/match`,
      { invoiceId, amount: 10000 },
      { token: ada.token },
    );
    expect(rematched.status).toBe(200);
    await app.applied(BigInt(String(rematched.body.position)));
    expect(await collectionOf('INV-2026-0001')).toMatchObject({ AmountPaid: 10000, Balance: 0 });
  });

  it('refuses to match a transfer to an invoice in another currency, saying what to do', async () => {
    const dollars = (await transactions('suggested')).find(
      (transaction) => transaction.currency === 'USD',
    ) as BankTransaction;
    const refused = await app.post(
      `/bank-transactions/${dollars.id}/match`,
      { invoiceId: id('INV-2026-0015'), amount: 15000 },
      { token: ada.token },
    );
    expect(refused).toMatchObject({
      status: 409,
      body: {
        error:
          'This transfer is in USD and invoice INV-2026-0015 is in EUR: record the payment on the invoice with the amount you received in EUR',
      },
    });
    expect((await collectionOf('INV-2026-0015')).AmountPaid).toBe(0);
  });

  it('keeps every user’s transactions their own', async () => {
    const [mine] = await transactions('unmatched');
    expect(await transactions(undefined, bob.token)).toEqual([]);
    const match = await app.post(
      `/bank-transactions/${mine?.id}/match`,
      { invoiceId: id('INV-2026-0018'), amount: 100 },
      { token: bob.token },
    );
    expect(match.status).toBe(404);
    expect((await app.post(`/bank-transactions/${mine?.id}/ignore`, {}, { token: bob.token })).status).toBe(
      404,
    );
    // Bob's statement naming Ada's invoice finds nothing of hers.
    const his = await upload(
      camt053([{ amount: '100.00', unstructured: ['INV-2026-0001'], reference: 'BOB-1' }]),
      bob.token,
    );
    expect(his.body).toMatchObject({ imported: 1, matched: 0, unmatched: 1 });
    expect(
      (await app.post('/bank-transactions/x/match', { invoiceId: 'x', amount: -1 }, { token: ada.token }))
        .status,
    ).toBe(400);
  });

  it('matches an MT940 statement and a CSV export read with the saved column mapping', async () => {
    await issue('INV-2026-0101', '1190.00');
    await issue('INV-2026-0102', '59.90');
    const statement = mt940([
      {
        amount: '1190,00',
        bankReference: 'MT-0001',
        purpose: ['EREF+X SVWZ+RE INV-2026-01', '01'],
        payer: 'Charles Babbage',
      },
    ]);
    expect((await upload(statement)).body).toMatchObject({ imported: 1, matched: 1 });
    const mapping = {
      date: 'Buchungstag',
      amount: 'Betrag',
      reference: 'Verwendungszweck',
      payer: 'Name',
      currency: 'Währung',
      entryId: '',
      defaultCurrency: 'EUR',
      dateFormat: 'DD.MM.YYYY',
      decimalSeparator: ',',
    };
    expect(
      (
        await app.call('PUT', '/bank-csv-mapping', {
          body: { ...mapping, dateFormat: 'YYYY' },
          token: ada.token,
        })
      ).status,
    ).toBe(400);
    expect((await app.call('PUT', '/bank-csv-mapping', { body: mapping, token: ada.token })).status).toBe(
      200,
    );
    expect((await app.get('/bank-csv-mapping', { token: ada.token })).body).toEqual({ mapping });
    const csv =
      'Buchungstag;Name;Verwendungszweck;Betrag;Währung\n27.11.2026;Charles Babbage;inv-2026-0102;59,90;EUR\n';
    expect((await upload(csv)).body).toMatchObject({ imported: 1, matched: 1 });
    expect((await upload(csv)).body).toMatchObject({ imported: 0, duplicates: 1 });
    expect((await collectionOf('INV-2026-0102')).CollectionStatus).toBe('paid');
  });
});
