import { countryName } from './codes.js';
import type { PostalAddressInput } from './details.js';

/** The parts of one address entry, as the profile and the wizard ask for them (issue 34, item 6). */
export interface AddressEntry {
  street: string;
  postCode: string;
  city: string;
  /** ISO 3166-1 alpha-2, or '' when none is chosen. */
  country: string;
}

export const emptyAddressEntry: AddressEntry = { street: '', postCode: '', city: '', country: '' };

/**
 * Country names as the spec's address line may hold them (§5: letters, digits, spaces, comma, period, hyphen):
 * '&' reads 'and', a parenthesis is dropped with what it holds, and the one name with an apostrophe takes its
 * English form.
 */
const lineNames: Record<string, string> = { CI: 'Ivory Coast' };

function countryInLine(code: string): string {
  const name = lineNames[code] ?? countryName(code) ?? code;
  return name
    .replaceAll('&', 'and')
    .replace(/\s*\([^)]*\)/g, '')
    .trim();
}

/**
 * The spec's one-line address made from the entry: street, then post code and city, then the country's name
 * ('12 rue de la Paix, 75002 Paris, France'). The spec's rules and messages for addresses apply to this line.
 */
export function addressLine(entry: AddressEntry): string {
  const cityLine = [entry.postCode.trim(), entry.city.trim()].filter(Boolean).join(' ');
  const country = entry.country ? countryInLine(entry.country) : '';
  return [entry.street.trim(), cityLine, country].filter(Boolean).join(', ');
}

/** The entry as the e-invoice details carry it (`eInvoice.seller.address`, `Settings.CompanyPostalAddress`). */
export function postalAddressOfEntry(entry: AddressEntry): PostalAddressInput {
  return {
    lines: entry.street.trim() ? [entry.street.trim()] : [],
    postCode: entry.postCode.trim(),
    city: entry.city.trim(),
    country: entry.country || null,
  };
}

/**
 * The entry to show for what is on file: the structured address when there is one, else the line typed before
 * addresses were structured, kept whole in the street so that saving it unchanged changes nothing.
 */
export function addressEntryOf(
  structured: PostalAddressInput | null | undefined,
  line: string | null | undefined,
): AddressEntry {
  const lines = structured?.lines?.filter((part) => part.trim()) ?? [];
  const given =
    structured && (lines.length > 0 || structured.postCode || structured.city || structured.country);
  if (!given) return { ...emptyAddressEntry, street: (line ?? '').replace(/\s*\n\s*/g, ', ').trim() };
  return {
    street: lines.join(', '),
    postCode: structured.postCode ?? '',
    city: structured.city ?? '',
    country: structured.country ?? '',
  };
}
