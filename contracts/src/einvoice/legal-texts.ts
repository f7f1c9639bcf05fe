import { type Catalogue, catalogue, catalogues, fill } from '../i18n/index.js';
import type { VatCategory } from './codes.js';
import { type VatExemptionCode, vatExemptionReasons } from './exemption-codes.js';

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

export {
  REVERSE_CHARGE_NOTE,
  SMALL_BUSINESS_EXEMPTION_DE,
  type VatExemptionCode,
  vatExemptionCodes,
  vatExemptionReasons,
} from './exemption-codes.js';

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
