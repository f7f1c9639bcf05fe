import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { httpStores } from '@remit/eventstore/testing';
import { errorsOf, isCi, validate, validatorProblem } from '@remit/query/testing';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { einvoiceReadySeller, putSettingsForm } from './testing/profile.js';
import { signedInUser } from './testing/users.js';

/**
 * A credit note's outputs over HTTP (issue 27): its PDF in the invoice's template ('Credit note', its number, the
 * invoice it corrects, the reason), its e-invoice in every format the invoice has, judged by the official rules,
 * and the invoice's details listing it. Another user's credit note is 404.
 */
const problem = await validatorProblem();
if (problem && isCi) throw new Error(`Credit note e-invoices cannot be validated in CI: ${problem}`);

const profile = einvoiceReadySeller;

// Factur-X is the PDF itself (checked below with the XML files).
const formats = ['cii', 'ubl', 'xrechnung-cii', 'xrechnung-ubl'] as const;

describe.each(httpStores())('credit note outputs over HTTP on %s', (kind) => {
  let app: TestApp;
  let dir: string;
  let anna: { token: string; user: { id: string } };
  let bob: { token: string; user: { id: string } };
  let invoiceId = '';
  let creditNoteId = '';

  async function download(path: string, token: string) {
    const response = await fetch(`${app.base}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  beforeAll(async () => {
    app = await startTestApp(kind);
    dir = await mkdtemp(join(tmpdir(), 'remit-credit-note-http-'));
    anna = await signedInUser(app, 'anna@example.com', 'Anna Schmidt');
    bob = await signedInUser(app, 'bob@example.com', 'Bob Stone');
    expect((await putSettingsForm(app, anna.token, profile)).status).toBe(200);
    const method = await app.post(
      '/settings/payment-methods',
      {
        name: 'Girokonto',
        type: 'bank_transfer',
        bankName: 'Sparkasse',
        iban: 'DE89370400440532013000',
        swift: 'COBADEFFXXX',
      },
      { token: anna.token },
    );
    const created = await postInvoice(
      app,
      anna.token,
      invoicePayload({
        userName: 'Anna Schmidt',
        userEmail: 'anna@mueller-soehne.de',
        userAddress: 'Torstraße 12, Berlin',
        userCompanyName: 'Müller & Söhne',
        userCompanyVAT: 'DE123456789',
        customerName: 'Jonas Weber',
        customerEmail: 'rechnung@hamburg.example',
        customerAddress: 'Hafenstraße 5, Hamburg',
        customerCompanyName: 'Freie und Hansestadt Hamburg',
        customerCompanyVAT: 'DE987654321',
        invoiceNumber: 'RE-2025-0042',
        taxRate: 19,
        items: [
          { description: 'Design and development', quantity: '10', unit: 'HUR', unitPrice: '85.00' },
          {
            description: 'Printed brand book',
            quantity: 1,
            unitPrice: '100.00',
            vat: { category: 'S', rate: 700 },
          },
        ],
        paymentMethodId: (method.body.paymentMethod as { ID: string }).ID,
        eInvoice: {
          customer: {
            type: 'public_body',
            address: { lines: ['Hafenstraße 5'], postCode: '20457', city: 'Hamburg', country: 'DE' },
            buyerReference: '04011000-12345-34',
          },
          delivery: { kind: 'period', start: '2025-02-01', end: '2025-02-28' },
        },
      }),
    );
    expect(created.status).toBe(201);
    invoiceId = (created.body.invoice as { ID: string }).ID;
    await app.applied(BigInt(String(created.body.position)));
    const credit = await app.post(
      `/invoices/${invoiceId}/credit-notes`,
      { reason: 'Two hours were billed twice', lines: [{ line: 1, quantity: '2', unitPrice: '85.00' }] },
      { token: anna.token },
    );
    expect(credit.status).toBe(201);
    creditNoteId = String(credit.body.id);
    await app.applied(BigInt(String(credit.body.position)));
  }, 120_000);

  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("prints 'Credit note', its number, the invoice it corrects and the reason in the invoice's template", async () => {
    const { response, bytes } = await download(`/credit-notes/${creditNoteId}/pdf`, anna.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('Credit-note_CN-0001_');
    const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
    expect(text).toContain('Credit note');
    expect(text).toContain('CN-0001');
    expect(text).toContain('Corrects invoice');
    expect(text).toContain('RE-2025-0042 of 14 March 2025');
    expect(text).toContain('Two hours were billed twice');
    expect(text).toContain('€202.30');
    expect(text).not.toContain('Scan with a banking app to pay');
    await writeFile(join(dir, 'credit-note.pdf'), bytes);
  });

  it.skipIf(Boolean(problem))(
    'gives every format the invoice has, each with 0 errors from the official rules',
    async () => {
      const files: string[] = [];
      for (const format of formats) {
        const { response, bytes } = await download(
          `/credit-notes/${creditNoteId}/einvoice?format=${format}`,
          anna.token,
        );
        expect(response.status, format).toBe(200);
        expect(bytes.toString('utf8'), format).toContain('381');
        const path = join(dir, `${format}.xml`);
        await writeFile(path, bytes);
        files.push(path);
      }
      files.push(join(dir, 'credit-note.pdf'));
      const report = await validate(files);
      expect(errorsOf(report)).toEqual([]);
      for (const result of report.results) expect(result.valid, result.file).toBe(true);
    },
    120_000,
  );

  it("lists the credit note on the invoice's details, and keeps it from another user (404)", async () => {
    const details = await app.get(`/invoices/${invoiceId}`, { token: anna.token });
    expect(details.body.CreditNotes).toEqual([
      expect.objectContaining({
        id: creditNoteId,
        number: 'CN-0001',
        reason: 'Two hours were billed twice',
        total: 20230,
      }),
    ]);
    for (const path of [
      `/credit-notes/${creditNoteId}`,
      `/credit-notes/${creditNoteId}/pdf`,
      `/credit-notes/${creditNoteId}/einvoice?format=ubl`,
    ]) {
      expect((await app.get(path, { token: bob.token })).status, path).toBe(404);
    }
    expect((await app.get('/credit-notes/not-a-credit-note/pdf', { token: anna.token })).status).toBe(404);
  });

  it("tells the credit in the invoice's History", async () => {
    const history = await app.get(`/invoices/${invoiceId}/history`, { token: anna.token });
    const summaries = (history.body.events as Array<{ summary: string }>).map((event) => event.summary);
    expect(summaries).toContain('Credited in part by credit note CN-0001 (€202.30)');
  });
});
