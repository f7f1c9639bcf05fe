import { type Catalogue, catalogue, catalogues, fill } from '../i18n/index.js';
import type { VatCategory } from './codes.js';

/**
 * The one legal text of each VAT category and exemption code: the exemption reason the XML carries (BT-120 with
 * its code BT-121) and the mention every PDF prints, ready for e-invoicing or not. Both read `vatLegalText`, so
 * the page and the file never say two different things.
 *
 * - The seller's own text wins (it is what they chose to state), with its code when they gave one.
 * - A code without a text is the code's standard text below.
 * - Otherwise the category's own text: reverse charge (Art. 226(11a) of Directive 2006/112/EC asks for the
 *   mention), intra-community supply, export, not subject to VAT. Exempt (E) has no default: the seller says why
 *   (readiness asks). Standard rated and zero rated carry none, and the rules forbid one (BR-S-10, BR-Z-10).
 */

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

export interface VatLegalText {
  code: VatExemptionCode | null;
  text: string;
}

/** The standard text of an exemption code. */
export function exemptionCodeText(code: VatExemptionCode): string {
  return vatExemptionReasons.find((reason) => reason.code === code)?.text ?? code;
}

/** The category's own text and code, or undefined where the seller must give one (E) or none is allowed (S, Z). */
export function defaultExemption(category: VatCategory): VatLegalText | undefined {
  if (category === 'E' || category === 'S' || category === 'Z') return undefined;
  const reason = vatExemptionReasons.find((entry) => entry.category === category);
  return reason ? { code: reason.code, text: reason.text } : undefined;
}

/** Which catalogue text (i18n `legal`) each exemption code's standard text is. */
const legalKeyOfCode: Record<VatExemptionCode, (legal: Catalogue['legal']) => string> = {
  'VATEX-EU-AE': (legal) => legal.reverseCharge,
  'VATEX-EU-IC': (legal) => legal.intraCommunitySupply,
  'VATEX-EU-G': (legal) => legal.export,
  'VATEX-EU-O': (legal) => legal.notSubject,
  'VATEX-EU-79-C': (legal) => legal.exemptArticle79c,
  'VATEX-EU-132': (legal) => fill(legal.exemptArticle, { article: 132 }),
  'VATEX-EU-143': (legal) => fill(legal.exemptArticle, { article: 143 }),
  'VATEX-EU-148': (legal) => fill(legal.exemptArticle, { article: 148 }),
  'VATEX-EU-151': (legal) => fill(legal.exemptArticle, { article: 151 }),
  'VATEX-EU-309': (legal) => fill(legal.exemptArticle, { article: 309 }),
  'VATEX-EU-D': (legal) => legal.secondHandTransport,
  'VATEX-EU-F': (legal) => legal.secondHandGoods,
  'VATEX-EU-I': (legal) => legal.worksOfArt,
  'VATEX-EU-J': (legal) => legal.antiques,
};

/** A standard text in the document's language, or the text itself when it is the seller's own wording. */
const standardTexts = (() => {
  const texts = new Map<string, (legal: Catalogue['legal']) => string>();
  for (const language of Object.values(catalogues)) {
    for (const pick of Object.values(legalKeyOfCode)) texts.set(pick(language.legal), pick);
    texts.set(language.legal.smallBusiness, (legal) => legal.smallBusiness);
  }
  for (const reason of vatExemptionReasons) texts.set(reason.text, legalKeyOfCode[reason.code]);
  return texts;
})();

/**
 * A legal text in the document's language (issue 30): a standard text in any language (the code's, the
 * category's, a small-business mention picked from the list) becomes the same text in `language`; the seller's
 * own wording is theirs and stays as they wrote it.
 */
export function localisedLegalText(text: string, language: string): string {
  const pick = standardTexts.get(text.trim());
  return pick ? pick(catalogue(language).legal) : text;
}

/** The small-business mention (§ 19 UStG, art. 293 B du CGI, regime forfettario, KOR) in a language. */
export const smallBusinessText = (language: string) => catalogue(language).legal.smallBusiness;

/**
 * The one legal text of a VAT treatment (see above), or null where there is none, in the document's language
 * (English unless said): the XML's BT-120 and the PDF's mention stay the same text.
 */
export function vatLegalText(
  category: VatCategory | null,
  exemption: { code: VatExemptionCode | null; text: string } | null,
  language = 'en',
): VatLegalText | null {
  if (!category || category === 'S' || category === 'Z') return null;
  const text = exemption?.text.trim();
  if (text) return { code: exemption?.code ?? null, text: localisedLegalText(text, language) };
  if (exemption?.code)
    return { code: exemption.code, text: legalKeyOfCode[exemption.code](catalogue(language).legal) };
  const standard = defaultExemption(category);
  return standard ? { code: standard.code, text: localisedLegalText(standard.text, language) } : null;
}
