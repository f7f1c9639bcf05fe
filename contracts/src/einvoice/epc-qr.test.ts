import { describe, expect, it } from 'vitest';
import { EPC_MAX_BYTES, EpcQrError, epcQrForInvoice, epcQrPayload } from './epc-qr.js';
import { sampleEInvoice } from './sample.js';

describe('epcQrPayload (EPC069-12, version 002)', () => {
  it('writes the standard example (Red Cross of Belgium) field by field', () => {
    // EPC069-12's example, in version 002 and with the remittance as unstructured text in its own line.
    expect(
      epcQrPayload({
        bic: 'BPOTBEB1',
        name: 'Red Cross of Belgium',
        iban: 'BE72000000001616',
        amount: 100,
        remittance: 'Urgency fund',
      }),
    ).toBe(
      [
        'BCD',
        '002',
        '1',
        'SCT',
        'BPOTBEB1',
        'Red Cross of Belgium',
        'BE72000000001616',
        'EUR1.00',
        '',
        '',
        'Urgency fund',
      ].join('\n'),
    );
  });

  it('leaves the BIC empty when there is none (optional in 002) and drops empty trailing fields', () => {
    const payload = epcQrPayload({
      name: 'Schmidt Design GmbH',
      iban: 'DE89 3704 0044 0532 0130 00',
      amount: 123456,
      remittance: '',
    });
    expect(payload).toBe('BCD\n002\n1\nSCT\n\nSchmidt Design GmbH\nDE89370400440532013000\nEUR1234.56');
  });

  it('keeps the amount within EUR 0.01 … 999999999.99', () => {
    const transfer = { name: 'A', iban: 'BE72000000001616', remittance: '' };
    expect(epcQrPayload({ ...transfer, amount: 1 })).toContain('EUR0.01');
    expect(epcQrPayload({ ...transfer, amount: 99_999_999_999 })).toContain('EUR999999999.99');
    for (const amount of [0, -1, 100_000_000_000, 1.5])
      expect(() => epcQrPayload({ ...transfer, amount })).toThrow(EpcQrError);
  });

  it('cuts the name at 70 and the remittance at 140 characters, on one line each, within 331 bytes', () => {
    const payload = epcQrPayload({
      bic: 'COBADEFFXXX',
      name: `Ü${'x'.repeat(100)}`,
      iban: 'DE89370400440532013000',
      amount: 99_999_999_999,
      remittance: `Invoice\nRE-1 ${'ö'.repeat(200)}`,
    });
    const fields = payload.split('\n');
    expect(fields).toHaveLength(11);
    expect([...(fields[5] ?? '')]).toHaveLength(70);
    expect(fields[10]?.startsWith('Invoice RE-1 ')).toBe(true);
    expect(new TextEncoder().encode(payload).length).toBeLessThanOrEqual(EPC_MAX_BYTES);
    expect(new TextEncoder().encode(payload).length).toBeGreaterThan(EPC_MAX_BYTES - 2);
    const ascii = epcQrPayload({
      name: 'A',
      iban: 'DE89370400440532013000',
      amount: 1,
      remittance: 'r'.repeat(300),
    });
    expect(ascii.split('\n')[10]).toBe('r'.repeat(140));
  });

  it('refuses a wrong IBAN or BIC rather than print a code that pays nobody', () => {
    expect(() =>
      epcQrPayload({ name: 'A', iban: 'DE89370400440532013001', amount: 1, remittance: '' }),
    ).toThrow(EpcQrError);
    expect(() =>
      epcQrPayload({ name: 'A', iban: 'DE89370400440532013000', bic: 'NOPE', amount: 1, remittance: '' }),
    ).toThrow(EpcQrError);
  });
});

describe('epcQrForInvoice', () => {
  it('pays the amount due to the seller with the invoice number as remittance', () => {
    expect(epcQrForInvoice(sampleEInvoice(), 500_000)).toBe(
      'BCD\n002\n1\nSCT\nCOBADEFFXXX\nSchmidt Design GmbH\nDE89370400440532013000\nEUR5000.00\n\n\nInvoice RE-2025-0042',
    );
  });

  it('applies only to EUR invoices paid by bank transfer to a valid IBAN', () => {
    expect(epcQrForInvoice(sampleEInvoice({ currency: 'USD' }), 100)).toBeNull();
    expect(
      epcQrForInvoice(
        sampleEInvoice({
          paymentMethod: { type: 'digital', name: 'Card', link: 'https://pay.example', instructions: '' },
        }),
        100,
      ),
    ).toBeNull();
    expect(epcQrForInvoice(sampleEInvoice({ paymentMethod: null }), 100)).toBeNull();
    expect(epcQrForInvoice(sampleEInvoice(), 0)).toBeNull();
  });
});
