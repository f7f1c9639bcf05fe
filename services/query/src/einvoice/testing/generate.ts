import {
  type EInvoice,
  type EInvoiceCustomer,
  type EInvoiceSeller,
  parseQuantity,
  SMALL_BUSINESS_EXEMPTION_DE,
  sampleEInvoice,
  units,
  type VatCategory,
  type VatTreatment,
  vatCategoryCodes,
} from '@remit/contracts';
import { testEinvoiceSeed } from '@remit/eventstore/testing';
import { invoiceTemplates } from '../../pdf/templates/registry.js';
import type { EInvoiceXmlFormat } from '../prepare.js';

/**
 * Generated e-invoices for the property test (einvoice.matrix.test.ts): every VAT category × every output (CII,
 * UBL, XRechnung CII and UBL, the Factur-X PDF), every template at least once as Factur-X, and text in every
 * script a customer may write in, each with random amounts, units, quantities, currencies, parties, delivery,
 * payment and exemption reasons drawn from a seed. Some draws leave out a term a rule may need; readiness then
 * decides: a case it calls ready must pass the official rules with no error, one it refuses must be refused.
 */
export type GeneratedOutput =
  | { kind: 'xml'; format: Exclude<EInvoiceXmlFormat, 'facturx'> }
  | { kind: 'pdf'; template: string; logo: boolean };

export interface GeneratedCase {
  name: string;
  invoice: EInvoice;
  output: GeneratedOutput;
  script: ScriptName;
}

/** A short text per script, as a user would type it (names, descriptions, notes). */
export const scripts = {
  latin: 'Design and development',
  german: 'Überarbeitung – Größe „groß“ für Müller & Söhne',
  greek: 'Σχεδιασμός λογοτύπου',
  cyrillic: 'Разработка дизайна',
  chinese: '品牌设计服务',
  japanese: 'ロゴデザイン制作',
  korean: '디자인 서비스',
  hebrew: 'שירותי עיצוב גרפי',
  arabic: 'خدمات التصميم',
  emoji: 'Launch kit 🎨✨🚀',
} as const;
export type ScriptName = keyof typeof scripts;
const scriptNames = Object.keys(scripts) as ScriptName[];

const xmlFormats = ['cii', 'ubl', 'xrechnung-cii', 'xrechnung-ubl'] as const;

/** The seed: EINVOICE_SEED when set (to replay a failure), otherwise a fresh one each run. */
export function propertySeed(): number {
  const given = testEinvoiceSeed;
  if (given && /^\d+$/.test(given)) return Number(given) >>> 0;
  return Math.floor(Math.random() * 2 ** 32) >>> 0;
}

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  return {
    next,
    chance: (p: number) => next() < p,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}
type Random = ReturnType<typeof random>;

export function generateCases(seed: number): GeneratedCase[] {
  const rng = random(seed);
  const templates = invoiceTemplates.map((template) => template.id);
  const outputs: Array<'pdf' | (typeof xmlFormats)[number]> = [...xmlFormats, 'pdf'];
  const plan: Array<{ category: VatCategory; output: (typeof outputs)[number] }> = vatCategoryCodes.flatMap(
    (category) => outputs.map((output) => ({ category, output })),
  );
  // Every template at least once as Factur-X: more PDF cases where the categories alone are too few.
  const pdfCount = plan.filter((entry) => entry.output === 'pdf').length;
  for (let extra = pdfCount; extra < templates.length; extra++) {
    plan.push({ category: rng.pick(vatCategoryCodes), output: 'pdf' });
  }
  const templateOffset = rng.int(0, templates.length - 1);
  const scriptOffset = rng.int(0, scriptNames.length - 1);
  let pdfIndex = 0;
  return plan.map(({ category, output }, index) => {
    // Every script in turn (from a seeded start), so each run covers all of them.
    const script = scriptNames[(scriptOffset + index) % scriptNames.length] as ScriptName;
    // CII and the PDF always get every term, so each category has files the validator judges; the other outputs
    // may lack one, and readiness decides.
    const complete = output === 'cii' || output === 'pdf';
    const invoiceOrCredit = generateInvoice(rng, category, script, index, complete);
    // Every other case is a credit note (381) correcting an invoice, so both document kinds meet every output.
    const invoice: EInvoice =
      index % 2 === 1
        ? {
            ...invoiceOrCredit,
            typeCode: '381',
            precedingInvoice: { number: `INV-${index}`, issueDate: '2025-03-01' },
          }
        : invoiceOrCredit;
    const generated: GeneratedOutput =
      output === 'pdf'
        ? {
            kind: 'pdf',
            template: templates[(templateOffset + pdfIndex) % templates.length] as string,
            logo: pdfIndex++ % 2 === 0,
          }
        : { kind: 'xml', format: output };
    const where = generated.kind === 'pdf' ? `factur-x/${generated.template}` : generated.format;
    const kind = invoice.typeCode === '381' ? ' credit note' : '';
    return { name: `#${index}${kind} ${category} ${where} ${script}`, invoice, output: generated, script };
  });
}

const eu = [
  { country: 'FR', city: 'Lyon', postCode: '69002', street: '8 Rue de la République', vat: 'FR40303265045' },
  { country: 'AT', city: 'Wien', postCode: '1010', street: 'Graben 21', vat: 'ATU12345678' },
  { country: 'NL', city: 'Utrecht', postCode: '3511 AB', street: 'Oudegracht 100', vat: 'NL123456789B01' },
  { country: 'IT', city: 'Milano', postCode: '20121', street: 'Via Dante 7', vat: 'IT12345678901' },
] as const;
const abroad = [
  { country: 'CH', city: 'Zürich', postCode: '8001', street: 'Bahnhofstrasse 10', vat: 'CHE123456789' },
  { country: 'US', city: 'Portland', postCode: '97204', street: '1 SW Main St', vat: null },
  { country: 'JP', city: 'Tokyo', postCode: '100-6390', street: '2-4-1 Marunouchi', vat: null },
] as const;

function generateInvoice(
  rng: Random,
  category: VatCategory,
  script: ScriptName,
  index: number,
  complete: boolean,
): EInvoice {
  // A term readiness may ask for is left out only in an incomplete case.
  const keep = (p: number) => complete || rng.chance(p);
  const base = sampleEInvoice();
  const text = scripts[script];
  const rate = category === 'S' ? rng.pick([1900, 700, 2000, 2100, 1000, 550]) : 0;
  const vat: VatTreatment = { category, rate, exemption: exemptionFor(rng, category, complete) };
  const seller: EInvoiceSeller = {
    ...base.seller,
    // §19 UStG sellers and those not subject to VAT are identified by their tax number alone.
    vatId: category === 'O' || (category === 'E' && rng.chance(0.5)) ? null : base.seller.vatId,
    phone: keep(0.9) ? base.seller.phone : '',
    companyName: rng.chance(0.3) ? `${text} GmbH` : base.seller.companyName,
  };
  const invoice = sampleEInvoice({
    typeCode: '380',
    precedingInvoice: null,
    number: `GEN-${index}-${rng.int(1000, 9999)}`,
    currency: rng.chance(0.8) ? 'EUR' : rng.pick(['USD', 'GBP', 'JPY', 'CHF']),
    seller,
    customer: customerFor(rng, category, text, keep),
    vat,
    items: Array.from({ length: rng.int(1, 4) }, (_, line) => lineFor(rng, category, text, line)),
    delivery: deliveryFor(rng, complete),
    paymentMethod: paymentFor(rng, complete),
    paymentTerms: rng.chance(0.3) ? 'Net 30' : '',
    notes: rng.chance(0.5) ? text : '',
    terms: rng.chance(0.5) ? 'Payment within 30 days.' : '',
  });
  return invoice;
}

function exemptionFor(rng: Random, category: VatCategory, complete: boolean): VatTreatment['exemption'] {
  if (category === 'E') {
    const reasons = [
      { code: null, text: SMALL_BUSINESS_EXEMPTION_DE },
      { code: 'VATEX-EU-132' as const, text: '' },
      { code: 'VATEX-EU-143' as const, text: 'Exempt under Article 143' },
    ];
    return rng.pick(complete ? reasons : [...reasons, null]);
  }
  if (category === 'AE' && rng.chance(0.3)) {
    return { code: null, text: 'Steuerschuldnerschaft des Leistungsempfängers' };
  }
  return null;
}

function customerFor(
  rng: Random,
  category: VatCategory,
  text: string,
  keep: (p: number) => boolean,
): EInvoiceCustomer {
  const base = sampleEInvoice().customer;
  const place =
    category === 'AE' || category === 'K'
      ? rng.pick(eu)
      : category === 'G'
        ? rng.pick(abroad)
        : rng.pick([null, ...eu, ...abroad]);
  const keepCity = keep(0.9);
  return {
    ...base,
    type: rng.chance(0.2) ? 'public_body' : 'business',
    companyName: rng.chance(0.5) ? text : base.companyName,
    address: place
      ? {
          lines: [place.street],
          postCode: keepCity ? place.postCode : '',
          city: keepCity ? place.city : '',
          region: '',
          country: place.country,
        }
      : base.address,
    vatId: category === 'O' ? null : place ? place.vat : base.vatId,
    buyerReference: keep(0.85) ? `PO-${rng.int(100, 99999)}` : null,
  };
}

function lineFor(rng: Random, category: VatCategory, text: string, line: number): EInvoice['items'][number] {
  const unit = rng.pick(units).code;
  const decimals = rng.int(0, 4);
  const quantity = (rng.int(1, 5000) / 10 ** decimals).toFixed(decimals);
  // A standard-rated invoice may have a line at another rate, as the wizard's E-invoice details allow.
  const ownRate = category === 'S' && line > 0 && rng.chance(0.3);
  return {
    description: `${text} ${line + 1}`,
    quantity: parseQuantity(quantity === '0' ? '1' : quantity),
    unit,
    unitPrice: rng.int(1, 250_000),
    vat: ownRate ? { category: 'S', rate: 700, exemption: null } : null,
  };
}

function deliveryFor(rng: Random, complete: boolean): EInvoice['delivery'] {
  const roll = rng.next() * (complete ? 0.9 : 1);
  if (roll < 0.45) return { kind: 'date', date: '2025-03-10' };
  if (roll < 0.9) return { kind: 'period', start: '2025-02-01', end: '2025-02-28' };
  return null;
}

function paymentFor(rng: Random, complete: boolean): EInvoice['paymentMethod'] {
  const roll = rng.next() * (complete ? 0.9 : 1);
  if (roll < 0.6) return sampleEInvoice().paymentMethod;
  if (roll < 0.9) {
    return { type: 'digital', name: 'Card payment', link: 'https://pay.example.com/x', instructions: '' };
  }
  return null;
}
