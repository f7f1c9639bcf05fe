import { paymentMethodMessages as messages, type PaymentMethod } from '@remit/contracts';
import { httpStores } from '@remit/eventstore/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { invoicePdfText } from './testing/profile.js';
import { signedInUser } from './testing/users.js';

type Signed = Awaited<ReturnType<typeof signedInUser>>;

const bank = {
  name: 'Main account',
  type: 'bank_transfer',
  bankName: 'Deutsche Bank',
  iban: 'de89 3704 0044 0532 0130 00',
  swift: 'deutdeff',
};
const paypal = {
  name: 'PayPal',
  type: 'digital',
  paymentLink: 'https://paypal.me/adalovelace',
  instructions: 'Add the invoice number to the payment',
};

describe.each(httpStores())('payment methods over HTTP on %s', (kind) => {
  let app: TestApp;
  let ada: Signed;
  let bob: Signed;

  const put = (path: string, token: string, body?: unknown) =>
    app.call('PUT', path, { token, ...(body !== undefined ? { body } : {}) });

  /** The list after the command at `position` (read-your-writes). */
  async function list(token: string, position?: unknown): Promise<PaymentMethod[]> {
    const answer = await app.get('/settings/payment-methods', {
      token,
      ...(position ? { headers: { 'X-Remit-Position': String(position) } } : {}),
    });
    expect(answer.status).toBe(200);
    return answer.body.paymentMethods as PaymentMethod[];
  }

  beforeAll(async () => {
    app = await startTestApp(kind);
    ada = await signedInUser(app, 'ada@example.com', 'Ada Lovelace');
    bob = await signedInUser(app, 'bob@example.com', 'Bob Bobson');
  });
  afterAll(() => app.close());

  let bankId = '';
  let paypalId = '';

  it('adds a bank transfer: the first method is the default, IBAN and SWIFT stored compact', async () => {
    expect(await list(ada.token)).toEqual([]);
    const created = await app.post('/settings/payment-methods', bank, { token: ada.token });
    expect(created.status).toBe(201);
    const method = created.body.paymentMethod as PaymentMethod;
    bankId = method.ID;
    expect(method).toEqual({
      ID: expect.any(String),
      Name: 'Main account',
      Type: 'bank_transfer',
      IsDefault: true,
      IsActive: true,
      BankName: 'Deutsche Bank',
      AccountNumber: '',
      IBAN: 'DE89370400440532013000',
      SWIFT: 'DEUTDEFF',
      PaymentLink: '',
      Instructions: '',
    });
    expect(created.body.position).toEqual(expect.stringMatching(/^\d+$/));
    expect(await list(ada.token, created.body.position)).toEqual([method]);
  });

  it('adds a digital method, listed after the default', async () => {
    const created = await app.post('/settings/payment-methods', paypal, { token: ada.token });
    expect(created.status).toBe(201);
    paypalId = (created.body.paymentMethod as PaymentMethod).ID;
    expect(created.body.paymentMethod).toMatchObject({
      Name: 'PayPal',
      Type: 'digital',
      IsDefault: false,
      IsActive: true,
      PaymentLink: paypal.paymentLink,
      Instructions: paypal.instructions,
      IBAN: '',
    });
    const methods = await list(ada.token, created.body.position);
    expect(methods.map((method) => [method.Name, method.IsDefault])).toEqual([
      ['Main account', true],
      ['PayPal', false],
    ]);
  });

  it('refuses a bad IBAN, SWIFT/BIC or link, and a missing name or type, with clear messages', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ ...bank, iban: 'DE89 3704 0044 0532 0130 01' }, { iban: messages.ibanChecksum }],
      [{ ...bank, iban: 'DE89' }, { iban: messages.ibanFormat }],
      [{ ...bank, swift: 'DEUT-DE' }, { swift: messages.swiftInvalid }],
      [{ ...paypal, paymentLink: 'http://paypal.me/ada' }, { paymentLink: messages.paymentLinkInvalid }],
      [{ type: 'digital' }, { name: 'Name is required' }],
      [{ name: 'Cash' }, { type: messages.typeRequired }],
    ];
    for (const [body, fields] of cases) {
      const refused = await app.post('/settings/payment-methods', body, { token: ada.token });
      expect(refused.status).toBe(400);
      expect(refused.body.fields).toEqual(fields);
      expect(refused.body.error).toEqual(expect.any(String));
    }
    const edit = await put(`/settings/payment-methods/${bankId}`, ada.token, { ...bank, swift: 'X' });
    expect(edit.status).toBe(400);
    expect(edit.body.fields).toEqual({ swift: messages.swiftInvalid });
    expect(await list(ada.token)).toHaveLength(2);
  });

  it('edits a method', async () => {
    const edited = await put(`/settings/payment-methods/${bankId}`, ada.token, {
      ...bank,
      bankName: 'Commerzbank',
      swift: 'COBADEFFXXX',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.paymentMethod).toMatchObject({
      BankName: 'Commerzbank',
      SWIFT: 'COBADEFFXXX',
      IsDefault: true,
    });
    const [first] = await list(ada.token, edited.body.position);
    expect(first).toMatchObject({ ID: bankId, BankName: 'Commerzbank' });
  });

  it('switches the default: exactly one, listed first', async () => {
    const switched = await put(`/settings/payment-methods/${paypalId}`, ada.token, {
      ...paypal,
      isDefault: true,
    });
    expect(switched.status).toBe(200);
    expect(switched.body.paymentMethod).toMatchObject({ ID: paypalId, IsDefault: true });
    const methods = await list(ada.token, switched.body.position);
    expect(methods.map((method) => [method.ID, method.IsDefault])).toEqual([
      [paypalId, true],
      [bankId, false],
    ]);
  });

  it('toggles a method off and on; disabling the default passes the flag to the active one', async () => {
    const off = await put(`/settings/payment-methods/${paypalId}/toggle`, ada.token);
    expect(off.status).toBe(200);
    expect(off.body.paymentMethod).toMatchObject({ ID: paypalId, IsActive: false, IsDefault: false });
    const methods = await list(ada.token, off.body.position);
    expect(methods.map((method) => [method.ID, method.IsDefault, method.IsActive])).toEqual([
      [bankId, true, true],
      [paypalId, false, false],
    ]);
    const disabledDefault = await put(`/settings/payment-methods/${paypalId}`, ada.token, {
      ...paypal,
      isDefault: true,
    });
    expect(disabledDefault.status).toBe(400);
    expect(disabledDefault.body.fields).toEqual({ isDefault: messages.disabledDefault });
  });

  it('refuses a disabled, unknown or foreign method on a new invoice', async () => {
    const disabled = await postInvoice(
      app,
      ada.token,
      invoicePayload({ invoiceNumber: 'PM-0001', paymentMethodId: paypalId }),
    );
    expect(disabled.status).toBe(400);
    expect(disabled.body.fields).toEqual({ paymentMethodId: messages.disabledOnInvoice });
    const unknown = await postInvoice(
      app,
      ada.token,
      invoicePayload({ invoiceNumber: 'PM-0001', paymentMethodId: 'nope' }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toEqual({ paymentMethodId: messages.unknownOnInvoice });
    const foreign = await postInvoice(
      app,
      bob.token,
      invoicePayload({ invoiceNumber: 'PM-0001', paymentMethodId: bankId }),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toEqual({ paymentMethodId: messages.unknownOnInvoice });
    const none = await postInvoice(
      app,
      ada.token,
      invoicePayload({ invoiceNumber: 'PM-0001', paymentMethodId: null }),
    );
    expect(none.status).toBe(201);
    expect((none.body.invoice as { PaymentMethod: unknown }).PaymentMethod).toBeNull();
  });

  it("answers 404 for another user's method, and never lists it", async () => {
    expect((await put(`/settings/payment-methods/${bankId}`, bob.token, bank)).status).toBe(404);
    expect((await put(`/settings/payment-methods/${bankId}/toggle`, bob.token)).status).toBe(404);
    expect((await put('/settings/payment-methods/not-an-id/toggle', ada.token)).status).toBe(404);
    expect(await list(bob.token)).toEqual([]);
    const [first] = await list(ada.token);
    expect(first).toMatchObject({ ID: bankId, IsActive: true });
  });

  it("prints a bank transfer's IBAN in fours, the SWIFT and the reference on the invoice PDF", async () => {
    const created = await postInvoice(
      app,
      ada.token,
      invoicePayload({ invoiceNumber: 'PM-0002', paymentMethodId: bankId }),
    );
    expect(created.status).toBe(201);
    const invoice = created.body.invoice as { ID: string; PaymentMethod: Record<string, string> };
    expect(invoice.PaymentMethod).toMatchObject({
      ID: bankId,
      Type: 'bank_transfer',
      IBAN: 'DE89370400440532013000',
      SWIFT: 'COBADEFFXXX',
      BankName: 'Commerzbank',
    });
    await app.get(`/invoices/${invoice.ID}`, {
      token: ada.token,
      headers: { 'X-Remit-Position': String(created.body.position) },
    });
    const text = await invoicePdfText(app, ada.token, invoice.ID);
    expect(text).toContain('DE89 3704 0044 0532 0130 00');
    expect(text).toContain('COBADEFFXXX');
    expect(text).toContain('Commerzbank');
    expect(text).toContain('PM-0002');
  });

  it("shows the chosen method in the unsaved invoice's template preview, only the user's own", async () => {
    const preview = async (token: string) => {
      const invoice = invoicePayload({ invoiceNumber: 'PM-PREVIEW', paymentMethodId: bankId });
      const response = await fetch(`${app.base}/api/templates/classic/preview`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ invoice }),
      });
      expect(response.status).toBe(200);
      return response.text();
    };
    expect(await preview(ada.token)).toContain('COBADEFFXXX');
    expect(await preview(bob.token)).not.toContain('COBADEFFXXX');
  });

  it("prints a digital method's link and instructions on the invoice PDF", async () => {
    const on = await put(`/settings/payment-methods/${paypalId}/toggle`, ada.token);
    expect(on.body.paymentMethod).toMatchObject({ IsActive: true });
    const created = await postInvoice(
      app,
      ada.token,
      invoicePayload({ invoiceNumber: 'PM-0003', paymentMethodId: paypalId }),
    );
    expect(created.status).toBe(201);
    const id = (created.body.invoice as { ID: string }).ID;
    await app.get(`/invoices/${id}`, {
      token: ada.token,
      headers: { 'X-Remit-Position': String(created.body.position) },
    });
    const text = await invoicePdfText(app, ada.token, id);
    expect(text.replace(/\s/g, '')).toContain('https://paypal.me/adalovelace');
    expect(text).toContain('Add the invoice number to the payment');
  });

  it('keeps a disabled method on an invoice that already had it, but refuses choosing it anew', async () => {
    const created = await postInvoice(
      app,
      ada.token,
      invoicePayload({ invoiceNumber: 'PM-0004', paymentMethodId: paypalId }),
    );
    const id = (created.body.invoice as { ID: string }).ID;
    await put(`/settings/payment-methods/${paypalId}/toggle`, ada.token);
    const kept = await put(
      `/invoices/${id}`,
      ada.token,
      invoicePayload({ invoiceNumber: 'PM-0004', paymentMethodId: paypalId, notes: 'Revised' }),
    );
    expect(kept.status).toBe(200);
    expect((kept.body.invoice as { PaymentMethod: { ID: string } }).PaymentMethod.ID).toBe(paypalId);
    const other = (await postInvoice(app, ada.token, invoicePayload({ invoiceNumber: 'PM-0005' }))).body
      .invoice as { ID: string };
    const refused = await put(
      `/invoices/${other.ID}`,
      ada.token,
      invoicePayload({ invoiceNumber: 'PM-0005', paymentMethodId: paypalId }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ paymentMethodId: messages.disabledOnInvoice });
  });
});
