import { sampleEInvoice } from '@remit/contracts';
import { describe, expect, it } from 'vitest';
import { eInvoiceFileName, eInvoiceXml, ruleSetOf } from './index.js';

describe('e-invoice XML', () => {
  const base = sampleEInvoice();
  const hostile = sampleEInvoice({
    items: [{ ...base.items[0]!, description: '</ram:Name><ram:Injected/>" & \u0007 ü' }],
  });

  it('keeps whatever the user typed as text, in every format', () => {
    for (const format of ['cii', 'ubl', 'xrechnung-cii', 'xrechnung-ubl'] as const) {
      const xml = eInvoiceXml(hostile, format);
      expect(xml).not.toContain('<ram:Injected/>');
      expect(xml).toContain('&lt;/ram:Name&gt;&lt;ram:Injected/&gt;&quot; &amp;  ü');
    }
  });

  it('names the specification each format claims (BT-24)', () => {
    expect(eInvoiceXml(base, 'cii')).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    expect(eInvoiceXml(base, 'xrechnung-cii')).toContain(
      'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
    );
    expect(eInvoiceXml(base, 'ubl')).toContain(
      '<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>',
    );
    expect(ruleSetOf('xrechnung-ubl')).toBe('xrechnung');
    expect(ruleSetOf('facturx')).toBe('en16931');
  });

  it('prints the model’s figures: decimal quantities with their unit, totals as computed', () => {
    const ubl = eInvoiceXml(base, 'ubl');
    expect(ubl).toContain('<cbc:InvoicedQuantity unitCode="HUR">36.5</cbc:InvoicedQuantity>');
    expect(ubl).toContain('<cbc:LineExtensionAmount currencyID="EUR">3102.50</cbc:LineExtensionAmount>');
    expect(ubl).toContain('<cbc:PayableAmount currencyID="EUR">6367.10</cbc:PayableAmount>');
  });

  it('gives a file name safe for any invoice number', () => {
    expect(eInvoiceFileName({ number: 'RE-2025-0042' }, 'xrechnung-cii')).toBe(
      'RE-2025-0042-xrechnung-cii.xml',
    );
    expect(eInvoiceFileName({ number: 'A/B "1"' }, 'ubl')).toBe('A_B_1_-ubl.xml');
  });
});
