import { describe, expect, it } from 'vitest';
import { invoiceDocumentSchema, sampleInvoiceDocument } from './invoice-document.js';

describe('sampleInvoiceDocument', () => {
  it('is a valid invoice document with 12 lines and consistent totals', () => {
    const invoice = invoiceDocumentSchema.parse(sampleInvoiceDocument());
    expect(invoice.items).toHaveLength(12);
    const subtotal = invoice.items.reduce((sum, item) => sum + item.total, 0);
    expect(invoice.subtotal).toBe(subtotal);
    expect(invoice.total).toBe(invoice.subtotal + invoice.tax);
  });

  it('recomputes totals for the items and currency asked for', () => {
    const invoice = sampleInvoiceDocument({
      currency: 'JPY',
      taxRate: 1000,
      items: [{ description: 'Translation', quantity: 3, unitPrice: 12_345 }],
    });
    expect(invoice.items[0]?.total).toBe(37_035);
    expect(invoice.tax).toBe(3_704); // 3,703.5 rounds away from zero
    expect(invoice.total).toBe(40_739);
  });

  it('refuses a currency the app does not offer', () => {
    expect(invoiceDocumentSchema.safeParse({ ...sampleInvoiceDocument(), currency: 'XXX' }).success).toBe(
      false,
    );
  });
});
