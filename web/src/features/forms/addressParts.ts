import { type AddressEntry, countries, sanitize } from '@remit/contracts';
import type { FieldProps } from './useForm';

export type AddressPart = keyof AddressEntry;
export type AddressParts = Record<AddressPart, FieldProps>;

/** E-invoices need the country (BT-40, BT-55), chosen from the ISO 3166-1 list. */
export const countryOptions = [
  { value: '', label: 'Choose a country' },
  ...countries.map(([code, name]) => ({ value: code, label: name })),
];

/** Each typed part keeps only what the spec's address rule allows (§5), as the one-line address did. */
export function cleanAddressPart(part: AddressPart, value: string): string {
  return part === 'country' ? value : sanitize.address(value).replace(/\n/g, ' ');
}
