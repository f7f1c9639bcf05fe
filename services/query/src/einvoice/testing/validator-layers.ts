import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * Which layers the offline validator (shared/tools/einvoice `validate`, default options) runs on one XML document,
 * as that script decides them: the document's XSD, the Factur-X profile's XSD and Schematron for a PDF's XML (or a
 * CII of a profile that is not EN 16931-compliant), EN 16931's rules, XRechnung's when the specification identifier
 * names it. The checks are returned empty, in the order the tool reports them; the batch runner fills them in.
 */

export interface Finding {
  severity: string;
  rule: string;
  location: string;
  message: string;
}

/** A check before it is judged (errors, warnings and status are counted from its findings at the end). */
export interface PendingCheck {
  id: string;
  label: string;
  type: string;
  findings: Finding[];
  fired?: number;
}

export interface SchematronSet {
  id: string;
  label: string;
  rel: string;
}

export interface XmlPlan {
  kind?: string | null;
  root?: string;
  specId?: string;
  profile?: string | null;
  documentId?: string;
  checks: PendingCheck[];
  notes: string[];
  /** XSD path under data/ → the check its messages go to. */
  xsd: Array<{ rel: string; check: PendingCheck }>;
  sets: SchematronSet[];
  /** One empty check per rule set, by set id. */
  schematron: Map<string, PendingCheck>;
}

export interface XmlContext {
  fromPdf: boolean;
  fxProfile?: string | null;
  conformanceLevel?: string | null;
}

export const infoXPath =
  `concat(namespace-uri(/*),'|#|',local-name(/*),'|#|',` +
  `normalize-space(/*/*[local-name()='ExchangedDocumentContext']/*[local-name()='GuidelineSpecifiedDocumentContextParameter']/*[local-name()='ID']),'|#|',` +
  `normalize-space(/*/*[local-name()='CustomizationID']),'|#|',` +
  `normalize-space(/*/*[local-name()='ExchangedDocumentContext']/*[local-name()='BusinessProcessSpecifiedDocumentContextParameter']/*[local-name()='ID']),'|#|',` +
  `normalize-space(/*/*[local-name()='ProfileID']),'|#|',` +
  `normalize-space(/*/*[local-name()='ExchangedDocument']/*[local-name()='ID'] | /*/*[local-name()='ID']))`;

const kinds: Record<string, string> = {
  'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100 CrossIndustryInvoice': 'cii',
  'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2 Invoice': 'ubl-invoice',
  'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2 CreditNote': 'ubl-creditnote',
};
const documentXsd: Record<string, [string, string]> = {
  cii: ['UN/CEFACT CII D16B XSD', 'xsd/cii-d16b/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd'],
  'ubl-invoice': ['OASIS UBL 2.1 Invoice XSD', 'xsd/ubl-2.1/maindoc/UBL-Invoice-2.1.xsd'],
  'ubl-creditnote': ['OASIS UBL 2.1 CreditNote XSD', 'xsd/ubl-2.1/maindoc/UBL-CreditNote-2.1.xsd'],
};
/** Factur-X 1.09.2 profiles: name, folder and file stem of the profile's XSD and compiled Schematron. */
const facturX: Record<string, [string, string, string]> = {
  minimum: ['MINIMUM', 'minimum', 'MINIMUM'],
  basicwl: ['BASIC WL', 'basicwl', 'BASIC-WL'],
  basic: ['BASIC', 'basic', 'BASIC'],
  en16931: ['EN 16931', 'en16931', 'EN16931'],
  extended: ['EXTENDED', 'extended', 'EXTENDED'],
};
const ruleSets: Record<string, [string, string]> = {
  'en16931-cii': ['EN 16931 CII schematron v1.3.16', 'en16931/EN16931-CII-validation.xslt'],
  'en16931-ubl': ['EN 16931 UBL schematron v1.3.16', 'en16931/EN16931-UBL-validation.xslt'],
  'xrechnung-cii': ['XRechnung 3.0.2 CII schematron', 'xrechnung/3.0.2/XRechnung-CII-validation.xslt'],
  'xrechnung-ubl': ['XRechnung 3.0.2 UBL schematron', 'xrechnung/3.0.2/XRechnung-UBL-validation.xslt'],
  'peppol-ubl': ['Peppol BIS Billing 3.0 UBL schematron', 'peppol/PEPPOL-EN16931-UBL.xslt'],
  'peppol-cii': ['Peppol BIS Billing 3.0 CII schematron', 'peppol/PEPPOL-EN16931-CII.xslt'],
};
const peppol = 'urn:fdc:peppol.eu:2017:poacc:billing:3.0';

function ciiProfile(specId: string): string | null {
  if (specId === 'urn:factur-x.eu:1p0:minimum') return 'minimum';
  if (specId === 'urn:factur-x.eu:1p0:basicwl') return 'basicwl';
  if (specId === 'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic') return 'basic';
  if (specId === 'urn:cen.eu:en16931:2017') return 'en16931';
  if (specId === 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended') return 'extended';
  if (/urn:xeinkauf\.de:kosit:(extension:)?xrechnung|urn:xoev-de:kosit:standard:xrechnung/.test(specId))
    return 'xrechnung';
  return null;
}

export function problem(
  id: string,
  label: string,
  rule: string,
  location: string,
  message: string,
  type = 'xml',
) {
  return { id, label, type, findings: [{ severity: 'error', rule, location, message }] };
}

/** The layers for a document whose `infoXPath` answer is `info` (undefined: xmllint could not read it). */
export function planXml(data: string, info: string | { error: string }, ctx: XmlContext): XmlPlan {
  const plan: XmlPlan = { checks: [], notes: [], xsd: [], sets: [], schematron: new Map() };
  if (typeof info !== 'string') {
    plan.checks.push(problem('xml:wellformed', 'XML well-formedness', 'XML-WELLFORMED', '-', info.error));
    return plan;
  }
  const [ns, local, guideline, customization, , , documentId] = info.split('|#|').map((part) => part.trim());
  const kind = kinds[`${ns} ${local}`] ?? null;
  const spec = (kind === 'cii' ? guideline : customization) ?? '';
  Object.assign(plan, { kind, root: `{${ns}}${local}`, specId: spec, documentId });
  if (!kind) {
    const message = `unsupported root element ${plan.root} (expected CII CrossIndustryInvoice, UBL Invoice or UBL CreditNote)`;
    plan.checks.push(problem('xml:doctype', 'document type detection', 'DOCTYPE', '/', message));
    return plan;
  }
  const xsd = (label: string, rel: string) => {
    const check = {
      id: `xsd:${basename(rel, '.xsd')}`,
      label: `${label} (xmllint)`,
      type: 'xsd',
      findings: [],
    };
    plan.xsd.push({ rel, check });
    plan.checks.push(check);
  };
  const addSet = (key: string) => {
    const [label, rel] = ruleSets[key] as [string, string];
    if (existsSync(join(data, rel))) plan.sets.push({ id: key, label, rel });
    else plan.notes.push(`${label}: skipped, ${join('data', rel)} not installed`);
  };
  xsd(...(documentXsd[kind] as [string, string]));
  if (kind === 'cii') {
    const profile = ciiProfile(spec);
    plan.profile = profile;
    // MINIMUM and BASIC WL are not EN 16931 invoices and EXTENDED is only "conformant": for them the Factur-X
    // profile's rules replace EN 16931's.
    const notEn = ['minimum', 'basicwl', 'extended'].includes(profile ?? '');
    const fxProfile = ctx.fromPdf ? ctx.fxProfile || profile : notEn ? profile : null;
    const xmpDisagrees =
      (profile && ctx.fxProfile !== profile) || (!profile && ctx.fxProfile === 'xrechnung');
    if (ctx.fromPdf && ctx.fxProfile && xmpDisagrees) {
      const message = `XMP fx:ConformanceLevel "${ctx.conformanceLevel}" does not match the XML specification identifier "${spec}"`;
      const at = 'ExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID';
      const label = 'Factur-X profile consistency (XMP vs XML)';
      plan.checks.push(problem('facturx:profile', label, 'FX-11', at, message, 'facturx'));
    }
    if (notEn) {
      const name = (facturX[profile as string] as [string, string, string])[0];
      plan.notes.push(
        `profile ${name} is not EN 16931-compliant: the EN 16931 rules are replaced by the Factur-X ${name} rules`,
      );
    } else addSet('en16931-cii');
    const fx = fxProfile ? facturX[fxProfile] : undefined;
    if (fx) {
      const [name, folder, stem] = fx;
      xsd(`Factur-X 1.09.2 ${name} XSD`, `xsd/facturx-1.09.2/${folder}/FACTUR-X_${stem}.xsd`);
      const rel = `facturx/1.09.2/FACTUR-X_${stem}.xslt`;
      plan.sets.push({ id: `facturx-${fxProfile}`, label: `Factur-X 1.09.2 ${name} schematron`, rel });
    } else if (ctx.fromPdf && fxProfile !== 'xrechnung')
      plan.notes.push(
        `no Factur-X profile recognised for specification identifier "${spec}": Factur-X layer skipped`,
      );
    if (profile === 'xrechnung') addSet('xrechnung-cii');
    if (spec.includes(peppol)) addSet('peppol-cii');
  } else {
    addSet('en16931-ubl');
    if (/urn:xeinkauf\.de:kosit|urn:xoev-de:kosit/.test(spec)) addSet('xrechnung-ubl');
    if (spec.includes(peppol)) addSet('peppol-ubl');
  }
  if (!spec) plan.notes.push('no specification identifier (BT-24) found');
  for (const set of plan.sets) {
    const check = { id: `sch:${set.id}`, label: set.label, type: 'schematron', findings: [], fired: 0 };
    plan.schematron.set(set.id, check);
    plan.checks.push(check);
  }
  return plan;
}
