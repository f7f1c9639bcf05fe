import { describe, expect, it } from 'vitest';
import {
  basisPointsToPercent,
  invoiceAmounts,
  liveTotals,
  priceToMinorUnits,
  taxRateToBasisPoints,
} from './invoice-amounts.js';
import {
  invoiceFormErrors,
  invoiceFormSchema,
  invoiceSubmitSchema,
  isInvoiceSubmittable,
} from './invoice-form.js';
import { sanitize } from './invoice-form-fields.js';
import { invoiceMessages as m } from './invoice-form-messages.js';
import { addDays, defaultInvoiceForm } from './invoices-api.js';
import { fieldErrors } from './validation.js';

export const validForm = {
  userName: 'Léa Fontaine',
  userEmail: 'lea@fontaine.studio',
  userAddress: '12 Rue des Martyrs, Paris',
  userCompanyName: 'Fontaine & Co',
  userCompanyVAT: 'FR40123456789',
  customerName: "Jonas O'Berg",
  customerEmail: 'jonas@nordlys.coffee',
  customerAddress: 'Gotgatan 48, Stockholm',
  customerCompanyName: 'Nordlys AB',
  customerCompanyVAT: '',
  invoiceNumber: 'INV-001',
  currency: 'EUR',
  taxRate: 20,
  issueDate: '2025-03-14',
  dueDate: '2025-04-13',
  items: [{ description: 'Logo design', quantity: 2, unitPrice: '950.50' }],
  notes: 'Thank you!',
  termsAndConditions: 'Due in 30 days.',
};

function errorsOf(input: unknown) {
  const result = invoiceFormSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe('invoice form rules (spec §5)', () => {
  it('accepts a valid form; empty VAT becomes null', () => {
    const parsed = invoiceFormSchema.parse(validForm);
    expect(parsed.customerCompanyVAT).toBeNull();
    expect(parsed.userCompanyVAT).toBe('FR40123456789');
  });

  it.each([
    ['userName', '', m.userNameRequired],
    ['userName', 'Léa 2', m.userNameInvalid],
    ['userName', 'L', m.nameLength],
    ['customerName', '', m.customerNameRequired],
    ['customerName', 'Jonas_B', m.customerNameInvalid],
    ['userEmail', '', m.userEmailRequired],
    ['userEmail', 'lea@studio', m.userEmailInvalid],
    ['customerEmail', '', m.customerEmailRequired],
    ['customerEmail', 'nope', m.customerEmailInvalid],
    ['userAddress', '', m.userAddressRequired],
    ['userAddress', '12 Rue #4, Paris', m.userAddressInvalid],
    ['userAddress', 'Rue', m.addressLength],
    ['customerAddress', '', m.customerAddressRequired],
    ['customerAddress', 'Street 1 / 2', m.customerAddressInvalid],
    ['userCompanyName', '', m.userCompanyRequired],
    ['userCompanyName', 'Fontaine, Inc.', m.userCompanyInvalid],
    ['customerCompanyName', '', m.customerCompanyRequired],
    ['customerCompanyName', 'Nordlys!', m.customerCompanyInvalid],
    ['userCompanyVAT', 'fr40123', m.userVatInvalid],
    ['userCompanyVAT', 'FR4', m.vatLength],
    ['customerCompanyVAT', 'SE 556', m.customerVatInvalid],
    ['invoiceNumber', '', m.invoiceNumberRequired],
    ['invoiceNumber', 'inv-1', m.invoiceNumberInvalid],
    ['invoiceNumber', 'IN', m.invoiceNumberLength],
    ['invoiceNumber', 'X'.repeat(21), m.invoiceNumberLength],
    ['currency', '', m.currencyRequired],
    ['currency', 'XXX', m.currencyRequired],
    ['issueDate', '', m.issueDateRequired],
    ['issueDate', '2025-02-30', m.dateInvalid],
    ['issueDate', '1999-12-31', m.dateTooEarly],
    ['dueDate', '', m.dueDateRequired],
    ['dueDate', '2025-03-13', m.dueDateBeforeIssue],
    ['items', [], m.itemsRequired],
    ['notes', 'Hello <b>', m.notesInvalid],
    ['notes', 'x'.repeat(501), m.notesTooLong],
    ['termsAndConditions', 'Pay {now}', m.termsInvalid],
    ['termsAndConditions', 'x'.repeat(1001), m.termsTooLong],
    ['taxRate', 101, m.taxRateInvalid],
    ['taxRate', 7.555, m.taxRateInvalid],
    ['taxRate', -1, m.taxRateInvalid],
  ])('%s = %j → %s', (field, value, message) => {
    expect(errorsOf({ ...validForm, [field]: value })[field]).toBe(message);
  });

  it.each([
    ['description', '', m.descriptionRequired],
    ['description', 'Logo <design>', m.descriptionInvalid],
    ['description', 'Lo', m.descriptionLength],
    ['quantity', 0, m.quantityMin],
    ['quantity', 1.5, m.quantityWhole],
    ['quantity', 'abc', m.quantityWhole],
    ['unitPrice', -1, m.unitPriceMin],
    ['unitPrice', '-0.5', m.unitPriceMin],
    ['unitPrice', 'abc', m.unitPriceInvalid],
    ['unitPrice', '', m.unitPriceInvalid],
    [
      'unitPrice',
      '1,234',
      'Unit price can have at most 2 decimals in EUR (type thousands without a separator, such as 1234.50)',
    ],
    [
      'unitPrice',
      '12.345',
      'Unit price can have at most 2 decimals in EUR (type thousands without a separator, such as 1234.50)',
    ],
    ['unitPrice', '0.125', 'Unit price can have at most 2 decimals in EUR'],
    ['quantity', '-2', m.quantityMin],
    ['quantity', '7.5', m.quantityWhole],
  ])('item %s = %j → %s', (field, value, message) => {
    const items = [{ ...validForm.items[0], [field]: value }];
    expect(errorsOf({ ...validForm, items })[`items.0.${field}`]).toBe(message);
  });

  it('accepts notes and terms with the allowed punctuation and up to their limits', () => {
    const notes = `Thanks (really): 100% of it; a_b 'q' "q" ! ? & $ @ # * + =`;
    expect(errorsOf({ ...validForm, notes, termsAndConditions: 'x'.repeat(1000) })).toEqual({});
    expect(errorsOf({ ...validForm, notes: 'x'.repeat(500) })).toEqual({});
  });

  it('the submit payload needs a template', () => {
    const result = invoiceSubmitSchema.safeParse({ ...validForm, status: 'Draft' });
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({ templateId: m.templateRequired });
    expect(invoiceSubmitSchema.safeParse({ ...validForm, templateId: 'classic' }).success).toBe(true);
  });
});

describe('numbers as typed reach the totals unchanged', () => {
  it('reads a decimal comma, grouping, and a JSON number exactly', () => {
    const items = [
      { description: 'Design work', quantity: '2', unitPrice: '12,50' },
      { description: 'Printing', quantity: '1,000', unitPrice: '0,05' },
      { description: 'Licence', quantity: 1, unitPrice: '1.234,56' },
      { description: 'Hosting', quantity: 3, unitPrice: 12.345 },
    ];
    const errors = errorsOf({ ...validForm, currency: 'KWD', taxRate: '7,5', items });
    expect(errors).toEqual({ 'items.1.quantity': m.quantityUnclear });
    items[1] = { description: 'Printing', quantity: '1.000.000', unitPrice: '0,05' };
    const amounts = invoiceAmounts(
      invoiceFormSchema.parse({ ...validForm, currency: 'KWD', taxRate: '7,5', items }),
    );
    expect(amounts.taxRate).toBe(750);
    expect(amounts.items.map((item) => [item.quantity, item.unitPrice, item.total])).toEqual([
      [2, 12500, 25000],
      [1_000_000, 50, 50_000_000],
      [1, 1234560, 1234560],
      [3, 12345, 37035],
    ]);
  });

  it('the server refuses what the form refuses, with the same messages', () => {
    const result = invoiceSubmitSchema.safeParse({
      ...validForm,
      templateId: 'classic',
      taxRate: '-5',
      items: [{ description: 'Logo design', quantity: '7.5', unitPrice: '-2' }],
    });
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({
      taxRate: m.taxRateInvalid,
      'items.0.quantity': m.quantityWhole,
      'items.0.unitPrice': m.unitPriceMin,
    });
  });
});

describe('cross-field messages', () => {
  it('says the due date is before the issue date while other required fields are still empty', () => {
    const errors = invoiceFormErrors({ issueDate: '2025-03-14', dueDate: '2025-03-13', items: [] });
    expect(errors.dueDate).toBe(m.dueDateBeforeIssue);
    expect(errors.customerName).toBe(m.customerNameRequired);
    expect(invoiceFormErrors({ issueDate: '2025-03-14', dueDate: '2025-03-14' }).dueDate).toBeUndefined();
    // Not while either date is itself invalid: that date's own message comes first.
    expect(invoiceFormErrors({ issueDate: '2025-02-30', dueDate: '2025-01-01' }).dueDate).toBeUndefined();
    expect(invoiceFormSchema.safeParse(null).success).toBe(false);
    expect(invoiceSubmitSchema.safeParse('x').success).toBe(false);
  });

  it('says on the field that a unit price of 0 blocks Next Step', () => {
    const form = { ...validForm, items: [{ description: 'Logo design', quantity: 1, unitPrice: '0' }] };
    expect(invoiceFormErrors(form)).toEqual({ 'items.0.unitPrice': m.unitPriceAboveZero });
    expect(invoiceFormErrors({ ...form, items: [{ ...form.items[0], unitPrice: '0,01' }] })).toEqual({});
  });
});

describe('submittable (the stricter rule)', () => {
  it('a valid form with prices above 0 is submittable', () => {
    expect(isInvoiceSubmittable(validForm)).toBe(true);
  });
  it('a price of 0 blocks, although the field accepts it', () => {
    const form = { ...validForm, items: [{ description: 'Logo design', quantity: 1, unitPrice: 0 }] };
    expect(errorsOf(form)).toEqual({});
    expect(isInvoiceSubmittable(form)).toBe(false);
    expect(isInvoiceSubmittable({ ...form, items: [{ ...form.items[0], unitPrice: '0.00' }] })).toBe(false);
    expect(isInvoiceSubmittable({ ...form, items: [{ ...form.items[0], unitPrice: '0.01' }] })).toBe(true);
  });
  it('an invalid form is not submittable', () => {
    expect(isInvoiceSubmittable({ ...validForm, customerName: '' })).toBe(false);
  });
});

describe('live sanitisers', () => {
  it.each([
    [sanitize.personName, 'Léa2 O’Brien_', "Léa O'Brien"],
    [sanitize.address, '12 Rue #4/5, Paris.', '12 Rue 45, Paris.'],
    [sanitize.companyName, 'Fontaine & Co, Ltd.', 'Fontaine & Co Ltd'],
    [sanitize.vat, 'fr 40-12x!', 'FR40-12X'],
    [sanitize.invoiceNumber, 'inv_001 a', 'INV001A'],
    [sanitize.description, 'Logo <design>, v2.', 'Logo design, v2.'],
    [sanitize.longText, 'Hi {there} ~ (ok)!', 'Hi there (ok)!'],
    [sanitize.email, ' a b@c.de ', 'ab@c.de'],
  ])('%#: %j → %j', (fn, input, output) => {
    expect(fn(input)).toBe(output);
  });
});

describe('amounts in minor units', () => {
  it.each([
    ['JPY', '1200', 1200],
    ['JPY', '0.5', 1],
    ['EUR', '12.345', 1235],
    ['EUR', 12.5, 1250],
    ['KWD', '1.2345', 1235],
    ['KWD', 0.1, 100],
  ])('%s %j → %i', (currency, price, minor) => {
    expect(priceToMinorUnits(price, currency)).toBe(minor);
  });

  it('tax rates are basis points and back', () => {
    expect(taxRateToBasisPoints(7.5)).toBe(750);
    expect(taxRateToBasisPoints('20')).toBe(2000);
    expect(taxRateToBasisPoints(undefined)).toBe(0);
    expect(basisPointsToPercent(750)).toBe(7.5);
    expect(basisPointsToPercent(1999)).toBe(19.99);
    expect(basisPointsToPercent(0)).toBe(0);
  });

  it('recomputes every total (EUR, 20%)', () => {
    const amounts = invoiceAmounts(invoiceFormSchema.parse(validForm));
    expect(amounts.items[0]).toMatchObject({ unitPrice: 95050, total: 190100 });
    expect(amounts).toMatchObject({ subtotal: 190100, tax: 38020, total: 228120, taxRate: 2000 });
  });

  it('JPY with 0 decimals and KWD with 3, many items', () => {
    const items = Array.from({ length: 200 }, () => ({
      description: 'Coffee beans',
      quantity: 3,
      unitPrice: '0,333',
    }));
    const kwd = invoiceAmounts(invoiceFormSchema.parse({ ...validForm, currency: 'KWD', taxRate: 5, items }));
    expect(kwd).toMatchObject({ subtotal: 199800, tax: 9990, total: 209790 });
    // In yen the same price would lose its decimals, so the form refuses it instead of rounding it to 0.
    const jpy = invoiceFormSchema.safeParse({ ...validForm, currency: 'JPY', taxRate: 10, items });
    expect(jpy.success ? {} : fieldErrors(jpy.error)['items.199.unitPrice']).toBe(
      'Unit price cannot have decimals in JPY',
    );
    const jpy2 = invoiceAmounts(
      invoiceFormSchema.parse({
        ...validForm,
        currency: 'JPY',
        taxRate: 8,
        items: [{ description: 'Tea set', quantity: 3, unitPrice: 1999 }],
      }),
    );
    expect(jpy2).toMatchObject({ subtotal: 5997, tax: 480, total: 6477 });
  });

  it('live totals treat half-typed entries as 0', () => {
    const totals = liveTotals({
      currency: 'EUR',
      taxRate: '',
      items: [
        { quantity: '2', unitPrice: '1.5' },
        { quantity: '', unitPrice: 'x' },
      ],
    });
    expect(totals.total.amount).toBe(300);
  });
});

describe('money bounds (docs/api.md)', () => {
  const withItems = (items: unknown[], extra: object = {}) => ({ ...validForm, ...extra, items });

  it('refuses a unit price past 1,000,000,000 with its message, however it is written', () => {
    for (const unitPrice of [1e16, '10000000000000000', '1000000000.01', 1e21]) {
      expect(errorsOf(withItems([{ description: 'Big', quantity: 1, unitPrice }]))['items.0.unitPrice']).toBe(
        m.unitPriceTooLarge,
      );
    }
    expect(errorsOf(withItems([{ description: 'Big', quantity: 1, unitPrice: '1000000000' }]))).toEqual({});
  });

  it('refuses a total past 1,000,000,000,000 that every item alone stays within', () => {
    const largest = { description: 'Big', quantity: 1_000_000, unitPrice: 1_000_000_000 };
    expect(errorsOf(withItems([largest]))).toEqual({ items: m.totalTooLarge });
    // Exactly at the bound, tax included: 500,000,000,000 + 100% tax.
    const half = { description: 'Big', quantity: 500, unitPrice: 1_000_000_000 };
    expect(errorsOf(withItems([half], { taxRate: 100 }))).toEqual({});
    expect(
      errorsOf(withItems([half, { ...half, quantity: 1, unitPrice: '0.01' }], { taxRate: 100 })),
    ).toEqual({
      items: m.totalTooLarge,
    });
    // KWD keeps 3 decimals: the bound still fits a safe integer of fils, so amounts compute exactly.
    const kwd = withItems([{ description: 'Big', quantity: 1000, unitPrice: '999999999.999' }], {
      currency: 'KWD',
      taxRate: 0,
    });
    expect(errorsOf(kwd)).toEqual({});
    expect(invoiceAmounts(invoiceFormSchema.parse(kwd)).total).toBe(999_999_999_999_000);
  });

  it('live totals count a measured unit by its decimal quantity, as the issued invoice will', () => {
    const totals = liveTotals({
      currency: 'EUR',
      taxRate: '19',
      items: [
        { quantity: '1.5', unitPrice: '85', unit: 'HUR' },
        { quantity: '36,25', unitPrice: '0.33', unit: 'HUR' },
        { quantity: '1.5', unitPrice: '85' },
      ],
    });
    // 1.5 × 85.00 = 127.50; 36.25 × 0.33 = 11.9625 → 11.96; pieces keep the whole-number rule (1.5 counts 0).
    expect(totals.lines.map((line) => line.amount)).toEqual([12750, 1196, 0]);
    expect(totals.subtotal.amount).toBe(13946);
    expect(totals.tax.amount).toBe(2650);
    expect(totals.total.amount).toBe(16596);
  });

  it('live totals take VAT once per rate when a line has a rate of its own', () => {
    const totals = liveTotals({
      currency: 'EUR',
      taxRate: '19',
      items: [
        { quantity: '2', unitPrice: '950' },
        { quantity: '36.5', unitPrice: '85', unit: 'HUR' },
        { quantity: '2', unitPrice: '950', vat: { rate: 700 } },
      ],
    });
    // 19% of 5,002.50 = 950.475 → 950.48; 7% of 1,900.00 = 133.00.
    expect(totals.subtotal.amount).toBe(690250);
    expect(totals.tax.amount).toBe(95048 + 13300);
  });

  it('live totals never throw on amounts past the bounds (the fields say why)', () => {
    const huge = { currency: 'EUR', items: [{ quantity: '1000000', unitPrice: '1000000000' }] };
    expect(() => liveTotals(huge)).not.toThrow();
    const typed = { currency: 'EUR', items: [{ quantity: '1', unitPrice: '1'.repeat(30) }] };
    expect(liveTotals(typed).total.amount).toBe(0);
  });
});

describe('defaults (spec §9)', () => {
  it('USD, tax 0, one item with quantity 1 and price 0, due today', () => {
    const form = defaultInvoiceForm('2025-03-14');
    expect(form).toMatchObject({
      currency: 'USD',
      taxRate: 0,
      issueDate: '2025-03-14',
      dueDate: '2025-03-14',
    });
    expect(form.items).toEqual([{ description: '', quantity: 1, unitPrice: 0 }]);
  });
  it('takes the user default currency, due days and company details', () => {
    const form = defaultInvoiceForm('2025-12-20', {
      Name: 'Léa Fontaine',
      DefaultDueDays: 30,
      Settings: {
        CompanyEmail: 'billing@fontaine.studio',
        CompanyAddress: '12 Rue des Martyrs, Paris',
        CompanyName: 'Fontaine Studio',
        DefaultCurrency: 'EUR',
        UserCompanyVAT: 'FR40123456789',
        LogoURL: null,
      },
    });
    expect(form).toMatchObject({
      currency: 'EUR',
      dueDate: '2026-01-19',
      userCompanyName: 'Fontaine Studio',
    });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });
});
