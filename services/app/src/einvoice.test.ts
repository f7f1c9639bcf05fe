import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eInvoiceNotReadyAnswerSchema, REVERSE_CHARGE_NOTE } from '@remit/contracts';
import { createEventStore } from '@remit/eventstore';
import { httpStores } from '@remit/eventstore/testing';
import { errorsOf, isCi, validate, validatorProblem } from '@remit/query/testing';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { einvoiceReadySeller, putSettingsForm } from './testing/profile.js';
import { signedInUser } from './testing/users.js';

/**
 * The e-invoice downloads over HTTP (docs/api.md): the XML formats and the Factur-X PDF of an invoice issued through
 * the API with its e-invoice details and the company profile's, checked by the official rules (the offline
 * validator); the refusals (422 with what is missing, the 3-decimal currencies) and the PDF's locking rules.
 */
const problem = await validatorProblem();
if (problem && isCi) throw new Error(`The e-invoice routes cannot be validated in CI: ${problem}`);

const profile = einvoiceReadySeller;

/** A German public body billed for design hours over a service period: ready for every format. */
const readyInvoice = (paymentMethodId: string, number: string) =>
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
    invoiceNumber: number,
    taxRate: 19,
    items: [
      { description: 'Design and development', quantity: '1.5', unit: 'HUR', unitPrice: '85.00' },
      { description: 'Stock photography licences', quantity: 2, unitPrice: '29.00' },
      // A line at a rate of its own, as the wizard's E-invoice details send it.
      {
        description: 'Printed brand book',
        quantity: 1,
        unitPrice: '100.00',
        vat: { category: 'S', rate: 700 },
      },
    ],
    paymentMethodId,
    eInvoice: {
      customer: {
        type: 'public_body',
        address: { lines: ['Hafenstraße 5'], postCode: '20457', city: 'Hamburg', country: 'DE' },
        buyerReference: '04011000-12345-34',
      },
      delivery: { kind: 'period', start: '2025-02-01', end: '2025-02-28' },
    },
  });

describe.each(httpStores())('e-invoice downloads over HTTP on %s', (kind) => {
  let app: TestApp;
  let dir: string;
  let anna: { token: string; user: { id: string } };
  let bob: { token: string; user: { id: string } };
  const ids: Record<
    'ready' | 'plain' | 'kwd' | 'bobOld' | 'bobNew' | 'reverseNotReady' | 'reverseOwnText' | 'exemptCode',
    string
  > = {} as never;

  async function download(path: string, token: string) {
    const response = await fetch(`${app.base}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  async function issue(token: string, payload: unknown): Promise<string> {
    const created = await postInvoice(app, token, payload);
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    await app.applied(BigInt(String(created.body.position)));
    return (created.body.invoice as { ID: string }).ID;
  }

  beforeAll(async () => {
    app = await startTestApp(kind);
    dir = await mkdtemp(join(tmpdir(), 'remit-einvoice-http-'));
    anna = await signedInUser(app, 'anna@example.com', 'Anna Schmidt');
    bob = await signedInUser(app, 'bob@example.com', 'Bob Stone');
    expect((await putSettingsForm(app, anna.token, profile)).status).toBe(200);
    const method = await app.post(
      '/settings/payment-methods',
      {
        name: 'Girokonto',
        type: 'bank_transfer',
        bankName: 'Berliner Sparkasse',
        iban: 'DE89 3704 0044 0532 0130 00',
        swift: 'COBADEFFXXX',
      },
      { token: anna.token },
    );
    expect(method.status).toBe(201);
    const methodId = (method.body.paymentMethod as { ID: string }).ID;
    // Anna subscribes, so every invoice of hers is open.
    const store = createEventStore(app.database);
    try {
      const subscribed = await store.append(
        `subscription-${anna.user.id}`,
        [
          {
            type: 'SubscriptionActivated',
            data: {
              userId: anna.user.id,
              planName: 'Pro',
              billingCycle: 'monthly',
              status: 'active',
              currentPeriodEnd: '2099-01-01T00:00:00.000Z',
            },
          },
        ],
        { expectedVersion: 'any' },
      );
      await app.applied(subscribed.position);
    } finally {
      await store.close();
    }
    ids.ready = await issue(anna.token, readyInvoice(methodId, 'RE-2025-0042'));
    ids.plain = await issue(anna.token, invoicePayload({ invoiceNumber: 'INV-PLAIN' }));
    ids.kwd = await issue(anna.token, {
      ...readyInvoice(methodId, 'RE-KWD-1'),
      currency: 'KWD',
      items: [{ description: 'Design and development', quantity: '1.5', unit: 'HUR', unitPrice: '85.5' }],
    });
    // Reverse charge to a French business whose address is still the spec's one line (not EN 16931-ready).
    const reverseCharge = (number: string, exemption: unknown, address: unknown) => ({
      ...readyInvoice(methodId, number),
      taxRate: 0,
      customerCompanyVAT: 'FR40303265045',
      eInvoice: {
        customer: { type: 'business', address },
        vat: { category: 'AE', exemption },
        delivery: { kind: 'date', date: '2025-03-10' },
      },
    });
    const lyon = { lines: ['8 Rue de la République'], postCode: '69002', city: 'Lyon', country: 'FR' };
    ids.reverseNotReady = await issue(anna.token, reverseCharge('RE-AE-1', null, null));
    ids.reverseOwnText = await issue(
      anna.token,
      reverseCharge('RE-AE-2', { text: 'Steuerschuldnerschaft des Leistungsempfängers' }, lyon),
    );
    ids.exemptCode = await issue(anna.token, {
      ...readyInvoice(methodId, 'RE-E-1'),
      taxRate: 0,
      eInvoice: {
        ...(readyInvoice(methodId, 'RE-E-1').eInvoice as object),
        vat: { category: 'E', exemption: { code: 'VATEX-EU-132' } },
      },
    });
    ids.bobOld = await issue(bob.token, invoicePayload({ invoiceNumber: 'BOB-0001' }));
    ids.bobNew = await issue(bob.token, invoicePayload({ invoiceNumber: 'BOB-0002' }));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('answers each XML format with its file name, and a Factur-X PDF; the validator finds no error', async () => {
    const files: string[] = [];
    for (const format of ['cii', 'ubl', 'xrechnung-cii', 'xrechnung-ubl'] as const) {
      const { response, bytes } = await download(
        `/invoices/${ids.ready}/einvoice?format=${format}`,
        anna.token,
      );
      expect(response.status, bytes.toString()).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="RE-2025-0042-${format}.xml"`,
      );
      const xml = bytes.toString('utf8');
      expect(xml).toContain('Müller &amp; Söhne');
      expect(xml).toContain('04011000-12345-34');
      files.push(join(dir, `${kind}-${format}.xml`));
      await writeFile(files.at(-1) as string, bytes);
    }
    const { response, bytes } = await download(`/invoices/${ids.ready}/pdf`, anna.token);
    expect(response.status).toBe(200);
    expect(bytes.includes('factur-x.xml')).toBe(true);
    expect(bytes.includes('pdfaid:part')).toBe(true);
    files.push(join(dir, `${kind}-factur-x.pdf`));
    await writeFile(files.at(-1) as string, bytes);
    if (problem) return;
    const report = await validate(files);
    expect(errorsOf(report)).toEqual([]);
    expect(report.results.map((result) => result.valid)).toEqual(files.map(() => true));
  }, 180_000);

  it('an invoice of the spec form alone: 422 with each missing term; its PDF stays the plain one', async () => {
    const answer = await app.get(`/invoices/${ids.plain}/einvoice?format=xrechnung-ubl`, {
      token: anna.token,
    });
    expect(answer.status).toBe(422);
    const body = eInvoiceNotReadyAnswerSchema.parse(answer.body);
    expect(body.code).toBe('einvoice_not_ready');
    const messages = body.issues.map((issue) => issue.message);
    expect(messages).toContain('Customer country (BT-55) is missing');
    expect(messages).toContain('Seller country (BT-40) is missing');
    expect(body.issues.map((issue) => issue.term)).toContain('BT-10');
    const { response, bytes } = await download(`/invoices/${ids.plain}/pdf`, anna.token);
    expect(response.status).toBe(200);
    expect(bytes.includes('factur-x.xml')).toBe(false);
    const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
    expect(text).toContain('INV-PLAIN');
  }, 60_000);

  it('a KWD invoice: the e-invoice is refused with the reason, the PDF still works', async () => {
    const answer = await app.get(`/invoices/${ids.kwd}/einvoice?format=cii`, { token: anna.token });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      code: 'einvoice_currency_not_supported',
      error:
        'E-invoices cannot be issued in KWD: EN 16931 allows amounts with at most 2 decimals and KWD has 3. The PDF invoice is not affected.',
    });
    const { response, bytes } = await download(`/invoices/${ids.kwd}/pdf`, anna.token);
    expect(response.status).toBe(200);
    expect(bytes.includes('factur-x.xml')).toBe(false);
  }, 60_000);

  it("an unknown format is 400; another user's invoice 404; a locked one 402, as for the PDF", async () => {
    expect((await app.get(`/invoices/${ids.ready}/einvoice?format=pdf`, { token: anna.token })).status).toBe(
      400,
    );
    expect((await app.get(`/invoices/${ids.ready}/einvoice`, { token: anna.token })).status).toBe(400);
    expect((await app.get(`/invoices/${ids.ready}/einvoice?format=cii`, { token: bob.token })).status).toBe(
      404,
    );
    expect((await app.get(`/invoices/${ids.bobOld}/einvoice?format=cii`, { token: bob.token })).status).toBe(
      402,
    );
    expect((await download(`/invoices/${ids.bobOld}/pdf`, bob.token)).response.status).toBe(402);
    expect((await app.get(`/invoices/${ids.bobNew}/einvoice?format=cii`, { token: bob.token })).status).toBe(
      422,
    );
    expect((await app.get(`/invoices/${ids.ready}/einvoice?format=cii`)).status).toBe(401);
  });

  it('prints the VAT legal mention on every PDF, the same text the XML carries (issue 34, item 11)', async () => {
    const pdfText = async (id: string) => {
      const { response, bytes } = await download(`/invoices/${id}/pdf`, anna.token);
      expect(response.status).toBe(200);
      const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
      return text.replace(/\s+/g, ' ');
    };
    const xmlOf = async (id: string) =>
      (await download(`/invoices/${id}/einvoice?format=cii`, anna.token)).bytes.toString('utf8');
    const squash = (text: string) => text.replace(/\s+/g, '');
    // Not ready for EN 16931 (the customer's address is one line): still the reverse-charge mention.
    const notReady = await pdfText(ids.reverseNotReady);
    expect(squash(notReady)).toContain(squash(REVERSE_CHARGE_NOTE));
    expect(notReady).not.toMatch(/Tax \(0%\)/);
    // The seller's own text: on the page and in the XML, and no other sentence beside it.
    const ownText = 'Steuerschuldnerschaft des Leistungsempfängers';
    expect(await xmlOf(ids.reverseOwnText)).toContain(
      `<ram:ExemptionReason>${ownText}</ram:ExemptionReason>`,
    );
    const own = await pdfText(ids.reverseOwnText);
    expect(own).toContain(ownText);
    expect(squash(own)).not.toContain(squash(REVERSE_CHARGE_NOTE));
    // A code without a text: the code's standard text, on both.
    const standard = 'Exempt based on article 132 of Council Directive 2006/112/EC';
    expect(await xmlOf(ids.exemptCode)).toContain(`<ram:ExemptionReason>${standard}</ram:ExemptionReason>`);
    expect(squash(await pdfText(ids.exemptCode))).toContain(squash(standard));
  }, 120_000);

  it("GET /settings answers the company's e-invoice details beside the spec's fields", async () => {
    const answer = await app.get('/settings', { token: anna.token });
    expect(answer.body.Settings).toMatchObject({
      CompanyAddress: 'Torstraße 12, Berlin',
      CompanyPostalAddress: {
        lines: ['Torstraße 12'],
        postCode: '10119',
        city: 'Berlin',
        region: '',
        country: 'DE',
      },
      CompanyPhone: '+49 30 1234567',
      CompanyTaxNumber: '30/123/45678',
    });
  });

  it('the spec view answers the decimal quantity and the amounts the e-invoice carries', async () => {
    const answer = await app.get(`/invoices/${ids.ready}`, { token: anna.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      Items: [
        { description: 'Design and development', quantity: 1.5, unitPrice: 8500, total: 12750 },
        { description: 'Stock photography licences', quantity: 2, unitPrice: 2900, total: 5800 },
        { description: 'Printed brand book', quantity: 1, unitPrice: 10000, total: 10000 },
      ],
      // VAT once per rate: 19% of 185.50 = 35.245 → 35.25, and 7% of 100.00 = 7.00.
      Subtotal: 28550,
      Tax: 4225,
      Amount: 32775,
      TaxRate: 19,
    });
  });
});
