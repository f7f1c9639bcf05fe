import { testStores } from '@remit/eventstore/testing';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/harness.js';
import { invoicePayload, postInvoice } from './testing/invoices.js';
import { signedInUser } from './testing/users.js';

/**
 * Issue 34, item 6: the PDF always shows the address the user typed. With the e-invoice country chosen but no
 * structured street, BILL TO printed only 'France'; the typed '12 rue de la Paix, 75002 Paris' was gone.
 */
describe.each(testStores())('the typed address on the PDF on %s', (kind) => {
  let app: TestApp;
  let ada: { token: string };
  beforeAll(async () => {
    app = await startTestApp(kind);
    ada = await signedInUser(app, 'ada@example.com', 'Ada Lovelace');
  });
  afterAll(() => app.close());

  async function pdfText(eInvoice: unknown, number: string): Promise<string> {
    const created = await postInvoice(
      app,
      ada.token,
      invoicePayload({
        invoiceNumber: number,
        customerAddress: '12 rue de la Paix, 75002 Paris',
        ...(eInvoice ? { eInvoice } : {}),
      } as never),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await app.applied(BigInt(String(created.body.position)));
    const id = String((created.body.invoice as { ID: string }).ID);
    const response = await fetch(`${app.base}/api/invoices/${id}/pdf`, {
      headers: { authorization: `Bearer ${ada.token}` },
    });
    expect(response.status).toBe(200);
    const { text } = await extractText(new Uint8Array(await response.arrayBuffer()), { mergePages: true });
    return text;
  }

  it('without e-invoice details', async () => {
    expect(await pdfText(null, 'ADDR-1')).toContain('12 rue de la Paix, 75002 Paris');
  }, 60_000);

  it('with the customer country chosen and no structured street', async () => {
    const seller = {
      address: { lines: ['12 Analytical Street'], postCode: 'EC1A 1AA', city: 'London', country: 'GB' },
    };
    const text = await pdfText({ seller, customer: { address: { country: 'FR' } } }, 'ADDR-2');
    expect(text).toContain('12 rue de la Paix, 75002 Paris');
    expect(text).toContain('France');
  }, 60_000);
});
