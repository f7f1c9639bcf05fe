import { describe, expect, it } from 'vitest';
import { vatCategories } from './codes.js';
import { REVERSE_CHARGE_NOTE, vatExemptionReasons, vatLegalText } from './legal-texts.js';
import { sampleEInvoice } from './sample.js';
import { computeEInvoiceTotals } from './totals.js';

const breakdownText = (vat: ReturnType<typeof sampleEInvoice>['vat']) =>
  computeEInvoiceTotals(sampleEInvoice({ vat })).vatBreakdown[0]?.exemption;

describe('one legal text per VAT category and exemption code', () => {
  it('reverse charge carries the legal sentence the PDF prints, with its code', () => {
    expect(breakdownText({ category: 'AE', rate: 0, exemption: null })).toEqual({
      code: 'VATEX-EU-AE',
      text: REVERSE_CHARGE_NOTE,
    });
  });

  it("the seller's own text is the one text, kept with the code they chose", () => {
    const own = { code: 'VATEX-EU-AE' as const, text: 'Steuerschuldnerschaft des Leistungsempfängers' };
    expect(breakdownText({ category: 'AE', rate: 0, exemption: own })).toEqual(own);
  });

  it("a code without a text carries the code's standard text", () => {
    expect(breakdownText({ category: 'E', rate: 0, exemption: { code: 'VATEX-EU-132', text: '' } })).toEqual({
      code: 'VATEX-EU-132',
      text: 'Exempt based on article 132 of Council Directive 2006/112/EC',
    });
  });

  it('every category but standard, zero rated and exempt has a text of its own; those three have none', () => {
    for (const { code } of vatCategories) {
      const text = vatLegalText(code, null);
      if (code === 'S' || code === 'Z' || code === 'E') expect(text, code).toBeNull();
      else
        expect(text?.text, code).toBe(vatExemptionReasons.find((reason) => reason.category === code)?.text);
    }
    expect(vatLegalText('S', { code: null, text: 'ignored' })).toBeNull();
  });
});
