import { describe, expect, it } from 'vitest';
import { invoiceFormSchema } from '../invoice-form.js';
import { addressEntryOf, addressLine, postalAddressOfEntry } from './address-line.js';
import { countries } from './codes.js';

describe('one address entry makes the spec’s address line', () => {
  it('joins street, post code and city, and the country’s name', () => {
    expect(
      addressLine({ street: '12 rue de la Paix', postCode: '75002', city: 'Paris', country: 'FR' }),
    ).toBe('12 rue de la Paix, 75002 Paris, France');
    expect(addressLine({ street: 'Hafenstraße 5', postCode: '', city: 'Hamburg', country: '' })).toBe(
      'Hafenstraße 5, Hamburg',
    );
    expect(addressLine({ street: ' ', postCode: '', city: '', country: '' })).toBe('');
  });

  it('writes every country so that the spec’s address rule accepts the line', () => {
    const pattern = /^[\p{L}\p{M}\p{N} ,.-]+$/u;
    for (const [code] of countries) {
      const line = addressLine({ street: '1 Main Street', postCode: '1000', city: 'Town', country: code });
      expect(line, code).toMatch(pattern);
    }
    expect(addressLine({ street: '1 Rue', postCode: '', city: 'Abidjan', country: 'CI' })).toBe(
      '1 Rue, Abidjan, Ivory Coast',
    );
    expect(addressLine({ street: '1 Rd', postCode: '', city: 'Yangon', country: 'MM' })).toBe(
      '1 Rd, Yangon, Myanmar',
    );
  });

  it('a line the spec refuses is refused with the spec’s message', () => {
    const long = addressLine({ street: 'A'.repeat(95), postCode: '75002', city: 'Paris', country: 'FR' });
    const parsed = invoiceFormSchema.safeParse({ customerAddress: long });
    const issue = parsed.success
      ? undefined
      : parsed.error.issues.find((i) => i.path[0] === 'customerAddress');
    expect(issue?.message).toBe('Address must be between 5 and 100 characters');
  });

  it('shows a line typed before addresses were structured in the street, so saving it keeps it', () => {
    const entry = addressEntryOf(null, '1 Navy Yard\nArlington');
    expect(entry).toEqual({ street: '1 Navy Yard, Arlington', postCode: '', city: '', country: '' });
    expect(addressLine(entry)).toBe('1 Navy Yard, Arlington');
    expect(addressEntryOf({ lines: [], postCode: '', city: '', country: null }, 'Old line').street).toBe(
      'Old line',
    );
  });

  it('round-trips the structured address', () => {
    const structured = postalAddressOfEntry({
      street: 'Torstraße 12',
      postCode: '10119',
      city: 'Berlin',
      country: 'DE',
    });
    expect(structured).toEqual({ lines: ['Torstraße 12'], postCode: '10119', city: 'Berlin', country: 'DE' });
    expect(addressEntryOf(structured, 'ignored')).toEqual({
      street: 'Torstraße 12',
      postCode: '10119',
      city: 'Berlin',
      country: 'DE',
    });
  });
});
