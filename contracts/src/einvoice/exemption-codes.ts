import type { VatCategory } from './codes.js';

// The exemption codes and their standard texts, apart from legal-texts.ts and its six catalogues: the e-invoice
// model's schema needs the codes only, and the web app's lists load the model (D-392).

/** Germany's small-business rule (§19 UStG): category E with this text and no code (EN 16931 has none for it). */
export const SMALL_BUSINESS_EXEMPTION_DE =
  'Kein Ausweis von Umsatzsteuer, da Kleinunternehmer gemäß § 19 UStG';

/** The text the law asks for on a reverse-charge invoice (Art. 226(11a) Directive 2006/112/EC). */
export const REVERSE_CHARGE_NOTE =
  'Reverse charge: VAT to be accounted for by the recipient (Article 196 of Council Directive 2006/112/EC)';

/**
 * VAT exemption reason codes (CEF VATEX, BT-121) with their standard text (BT-120). The rules demand a reason for
 * every category but S and Z (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10); AE, K, G and O have one obvious
 * reason, which is also the category's text; E has many and the seller must pick or write one.
 */
export const vatExemptionReasons = [
  { code: 'VATEX-EU-AE', category: 'AE', text: REVERSE_CHARGE_NOTE },
  {
    code: 'VATEX-EU-IC',
    category: 'K',
    text: 'Intra-Community supply, exempt from VAT (Article 138 of Council Directive 2006/112/EC)',
  },
  {
    code: 'VATEX-EU-G',
    category: 'G',
    text: 'Export outside the EU, exempt from VAT (Article 146 of Council Directive 2006/112/EC)',
  },
  { code: 'VATEX-EU-O', category: 'O', text: 'Not subject to VAT' },
  {
    code: 'VATEX-EU-79-C',
    category: 'E',
    text: 'Exempt based on article 79, point c of Council Directive 2006/112/EC',
  },
  {
    code: 'VATEX-EU-132',
    category: 'E',
    text: 'Exempt based on article 132 of Council Directive 2006/112/EC',
  },
  {
    code: 'VATEX-EU-143',
    category: 'E',
    text: 'Exempt based on article 143 of Council Directive 2006/112/EC',
  },
  {
    code: 'VATEX-EU-148',
    category: 'E',
    text: 'Exempt based on article 148 of Council Directive 2006/112/EC',
  },
  {
    code: 'VATEX-EU-151',
    category: 'E',
    text: 'Exempt based on article 151 of Council Directive 2006/112/EC',
  },
  {
    code: 'VATEX-EU-309',
    category: 'E',
    text: 'Exempt based on article 309 of Council Directive 2006/112/EC',
  },
  {
    code: 'VATEX-EU-D',
    category: 'E',
    text: 'Intra-Community acquisition from second hand means of transport',
  },
  { code: 'VATEX-EU-F', category: 'E', text: 'Intra-Community acquisition of second hand goods' },
  { code: 'VATEX-EU-I', category: 'E', text: 'Intra-Community acquisition of works of art' },
  { code: 'VATEX-EU-J', category: 'E', text: 'Intra-Community acquisition of collectors items and antiques' },
] as const satisfies ReadonlyArray<{ code: string; category: VatCategory; text: string }>;

export type VatExemptionCode = (typeof vatExemptionReasons)[number]['code'];
export const vatExemptionCodes = vatExemptionReasons.map((reason) => reason.code) as [
  VatExemptionCode,
  ...VatExemptionCode[],
];
