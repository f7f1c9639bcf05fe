import { z } from 'zod';
import { currencyCodes } from './currencies.js';
import { documentLanguages } from './i18n/languages.js';
import { computeTotals, toMinorUnits } from './money.js';

/**
 * Everything an invoice template prints, already computed: amounts are integer minor units of `currency`,
 * totals come from computeTotals. Renderers never do money arithmetic; they format what is here.
 */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the yyyy-mm-dd format');
const minorUnits = z.number().int().refine(Number.isSafeInteger, 'Amount out of range');

export const partySchema = z.object({
  name: z.string(),
  companyName: z.string(),
  email: z.string(),
  address: z.string(),
  vatId: z.string().optional(),
});
export type InvoiceParty = z.infer<typeof partySchema>;

/** A logo as the form sends it (data URL) or as stored (a file path on the server). */
export const invoiceLogoSchema = z.union([
  z.object({ dataUrl: z.string().regex(/^data:image\/(png|jpeg|jpg|gif|webp|svg\+xml);base64,/) }),
  z.object({ path: z.string().min(1) }),
]);
export type InvoiceLogo = z.infer<typeof invoiceLogoSchema>;

export const invoiceDocumentItemSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitPrice: minorUnits,
  total: minorUnits,
});
export type InvoiceDocumentItem = z.infer<typeof invoiceDocumentItemSchema>;

export const invoicePaymentMethodSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('bank_transfer'),
    name: z.string(),
    bankName: z.string().optional(),
    iban: z.string().optional(),
    swift: z.string().optional(),
    accountNumber: z.string().optional(),
    reference: z.string(),
  }),
  z.object({
    type: z.literal('digital'),
    name: z.string(),
    link: z.string(),
    instructions: z.string().optional(),
  }),
]);
export type InvoicePaymentMethod = z.infer<typeof invoicePaymentMethodSchema>;

export const invoiceDocumentSchema = z.object({
  id: z.string(),
  number: z.string().min(1),
  issueDate: isoDate,
  dueDate: isoDate,
  language: z.enum(documentLanguages),
  currency: z.enum(currencyCodes),
  seller: partySchema.extend({ logo: invoiceLogoSchema.optional() }),
  customer: partySchema,
  items: z.array(invoiceDocumentItemSchema).min(1),
  /** Hundredths of a percent: 2000 is 20%. */
  taxRate: z.number().int().min(0),
  subtotal: minorUnits,
  tax: minorUnits,
  total: minorUnits,
  notes: z.string().optional(),
  terms: z.string().optional(),
  paymentMethod: invoicePaymentMethodSchema.optional(),
});
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;

const sampleLines: ReadonlyArray<[description: string, quantity: number, unitPrice: string]> = [
  ['Discovery workshop and stakeholder interviews (2 days, on site)', 2, '950.00'],
  ['Brand strategy and positioning document', 1, '1800.00'],
  ['Logo design: three initial concepts with two rounds of revisions', 1, '2400.00'],
  ['Visual identity guidelines (colour, typography, imagery, tone of voice)', 1, '1250.00'],
  ['Website design: home, about, services, case studies and contact pages', 5, '480.00'],
  ['Responsive front-end development', 36, '85.00'],
  ['Content management setup and editor training', 4, '85.00'],
  ['Copywriting for the home and services pages', 6, '70.00'],
  ['Stock photography licences', 12, '29.00'],
  ['Accessibility review against WCAG 2.2 AA', 1, '640.00'],
  ['Hosting and domain, first year', 1, '180.00'],
  ['Project management and weekly status calls', 10, '55.00'],
];

/**
 * A realistic freelancer invoice with 12 lines, for thumbnails, previews and tests. Items passed in `overrides`
 * are taken as they are and the totals recomputed from them, so a test can ask for 200 lines or another currency.
 */
export function sampleInvoiceDocument(
  overrides: Partial<Omit<InvoiceDocument, 'items' | 'subtotal' | 'tax' | 'total'>> & {
    items?: ReadonlyArray<{ description: string; quantity: number; unitPrice: number }>;
  } = {},
): InvoiceDocument {
  const currency = overrides.currency ?? 'EUR';
  const { items: itemOverrides, ...rest } = overrides;
  const items =
    itemOverrides ??
    sampleLines.map(([description, quantity, unitPrice]) => ({
      description,
      quantity,
      unitPrice: toMinorUnits(unitPrice, currency),
    }));
  const taxRate = overrides.taxRate ?? 2000;
  const totals = computeTotals(items, taxRate, currency);
  return {
    id: 'inv_sample_0001',
    number: 'INV-2025-0042',
    issueDate: '2025-03-14',
    dueDate: '2025-04-13',
    language: 'en',
    currency,
    seller: {
      name: 'Léa Fontaine',
      companyName: 'Fontaine Studio',
      email: 'hello@fontaine.studio',
      address: '12 Rue des Martyrs\n75009 Paris\nFrance',
      vatId: 'FR40 123456789',
    },
    customer: {
      name: 'Jonas Øberg',
      companyName: 'Nordlys Coffee Roasters AB',
      email: 'accounts@nordlys.coffee',
      address: 'Götgatan 48\n118 26 Stockholm\nSweden',
      vatId: 'SE556677889901',
    },
    notes: 'Thank you for trusting me with your new identity. It was a pleasure working with your team.',
    terms:
      'Payment is due within 30 days of the issue date. Late payments incur interest at 3× the legal rate and a €40 recovery fee.',
    paymentMethod: {
      type: 'bank_transfer',
      name: 'Bank transfer',
      bankName: 'BNP Paribas',
      iban: 'FR7630006000011234567890189',
      swift: 'BNPAFRPPXXX',
      reference: overrides.number ?? 'INV-2025-0042',
    },
    ...rest,
    taxRate,
    items: items.map((item, index) => ({ ...item, total: totals.lines[index]?.amount ?? 0 })),
    subtotal: totals.subtotal.amount,
    tax: totals.tax.amount,
    total: totals.total.amount,
  };
}
