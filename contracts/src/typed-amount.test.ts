import { describe, expect, it } from 'vitest';
import { recordPaymentSchema } from './collection-api.js';
import { invoiceAmounts } from './invoice-amounts.js';
import { invoiceFormErrors, invoiceFormSchema } from './invoice-form.js';

/**
 * Issue 34, items 2 and 21: a typed amount is read by its currency's own decimals (JPY 0, EUR 2, KWD and BHD
 * 3), the same in the wizard, the payments form and the API; more decimals than the currency has are refused
 * with the currency's count, never trimmed.
 */
const form = (currency: string, unitPrice: string | number) => ({
  userName: 'Léa Fontaine',
  userEmail: 'lea@fontaine.studio',
  userAddress: '12 Rue des Martyrs, Paris',
  userCompanyName: 'Fontaine & Co',
  customerName: 'Jonas Berg',
  customerEmail: 'jonas@nordlys.coffee',
  customerAddress: 'Gotgatan 48, Stockholm',
  customerCompanyName: 'Nordlys AB',
  invoiceNumber: 'INV-001',
  currency,
  taxRate: 0,
  issueDate: '2025-03-14',
  dueDate: '2025-04-13',
  items: [{ description: 'Logo design', quantity: 1, unitPrice }],
});

/** The unit price as the wizard and POST /invoices read it: minor units, or the field's message. */
function priceOf(currency: string, typed: string | number): number | string {
  const message = invoiceFormErrors(form(currency, typed))['items.0.unitPrice'];
  if (message) return message;
  return invoiceAmounts(invoiceFormSchema.parse(form(currency, typed))).items[0]?.unitPrice ?? NaN;
}

describe('typed amounts by the currency’s decimals (issue 34, items 2 and 21)', () => {
  it.each([
    // 3 decimals: a lone mark before three digits is the decimal mark.
    ['KWD', '42.125', 42125],
    ['KWD', '125.750', 125750],
    ['KWD', '42,125', 42125],
    ['KWD', '1125.750', 1125750],
    ['KWD', '1.234,567', 1234567],
    ['KWD', '1,234.5', 1234500],
    ['BHD', '0,005', 5],
    ['OMR', '7.5', 7500],
    ['KWD', 42.125, 42125],
    // 2 decimals
    ['EUR', '90,36', 9036],
    ['EUR', '1.234,56', 123456],
    ['EUR', '1,234,567', 123456700],
    ['USD', '0.5', 50],
    // 0 decimals: a lone mark before three digits can only group thousands.
    ['JPY', '1,200', 1200],
    ['JPY', '1.200', 1200],
    ['JPY', '12 000', 12000],
    ['JPY', 1200, 1200],
  ])('%s %j is %j minor units', (currency, typed, expected) => {
    expect(priceOf(currency, typed)).toBe(expected);
  });

  it.each([
    ['KWD', '42.1250', 'Unit price can have at most 3 decimals in KWD'],
    ['BHD', '1,2345', 'Unit price can have at most 3 decimals in BHD'],
    ['EUR', '90.365', 'Unit price can have at most 2 decimals in EUR'],
    ['EUR', '90.3651', 'Unit price can have at most 2 decimals in EUR'],
    ['USD', '0.125', 'Unit price can have at most 2 decimals in USD'],
    ['EUR', '12.500', 'Unit price can have at most 2 decimals in EUR'],
    ['JPY', '1200.5', 'Unit price cannot have decimals in JPY'],
    ['JPY', '1200.00', 'Unit price cannot have decimals in JPY'],
  ])('%s %j is refused: %s', (currency, typed, message) => {
    expect(String(priceOf(currency, typed))).toContain(message);
  });

  it('a payment amount keeps what was typed until the invoice’s currency reads it', () => {
    const amount = (typed: string) => recordPaymentSchema.parse({ amount: typed }).amount;
    expect(amount('42,125')).toBe('42,125');
    expect(amount(' 125.750 ')).toBe('125.750');
    expect(recordPaymentSchema.safeParse({ amount: '-1' }).success).toBe(false);
    expect(recordPaymentSchema.safeParse({ amount: 'abc' }).success).toBe(false);
  });
});
