import {
  type ClientFormInput,
  type CsvTable,
  clientFormSchema,
  countries,
  fieldErrors,
  type ItemFormInput,
  itemFormSchema,
  units,
} from '@remit/contracts';

/**
 * The CSV import's mapping and preview (issue 29, item 4; D-187): each Remit field takes one column of the file,
 * guessed from the header (Invoice Ninja, InvoiceShelf and plain spreadsheet names) and changeable; every row is
 * then checked with the API's own schema, so the preview says exactly what will be created and what is refused
 * and why. Nothing is sent until the user confirms, and then the rows that will be created go in one command.
 */

export type ImportKind = 'clients' | 'items';

export interface TargetField {
  key: string;
  label: string;
  /** Lower-case header names that map to it without asking. */
  names: string[];
}

const clientFields: TargetField[] = [
  {
    key: 'companyName',
    label: 'Company name',
    names: ['company', 'company name', 'client name', 'name', 'organisation', 'organization', 'firma'],
  },
  {
    key: 'contactName',
    label: 'Contact name',
    names: ['contact', 'contact name', 'contact person', 'full name', 'ansprechpartner'],
  },
  {
    key: 'contactFirst',
    label: 'Contact first name',
    names: ['first name', 'contact first name', 'firstname'],
  },
  {
    key: 'contactLast',
    label: 'Contact last name',
    names: ['last name', 'contact last name', 'lastname', 'surname'],
  },
  { key: 'email', label: 'Email', names: ['email', 'e-mail', 'contact email', 'email address', 'mail'] },
  {
    key: 'street',
    label: 'Street',
    names: [
      'street',
      'address',
      'address1',
      'address 1',
      'address line 1',
      'billing address 1',
      'straße',
      'strasse',
    ],
  },
  {
    key: 'postCode',
    label: 'Post code',
    names: ['post code', 'postcode', 'postal code', 'zip', 'zip code', 'billing zip', 'plz'],
  },
  { key: 'city', label: 'City', names: ['city', 'town', 'billing city', 'ort', 'stadt'] },
  { key: 'country', label: 'Country', names: ['country', 'country code', 'billing country', 'land'] },
  {
    key: 'vatId',
    label: 'VAT ID',
    names: ['vat', 'vat id', 'vat number', 'vat_number', 'ust-idnr', 'ust-id', 'tax id'],
  },
  { key: 'taxNumber', label: 'Tax number', names: ['tax number', 'steuernummer', 'id number'] },
  { key: 'type', label: 'Customer type', names: ['type', 'customer type', 'b2b/b2c'] },
  {
    key: 'buyerReference',
    label: 'Buyer reference / Leitweg-ID',
    names: ['buyer reference', 'leitweg-id', 'leitweg id'],
  },
  { key: 'electronicAddress', label: 'Electronic address', names: ['electronic address', 'peppol id'] },
  { key: 'language', label: 'Document language', names: ['language', 'sprache'] },
  { key: 'currency', label: 'Currency', names: ['currency', 'currency code', 'währung'] },
  {
    key: 'paymentTermsDays',
    label: 'Payment terms (days)',
    names: ['payment terms', 'terms', 'payment terms days', 'zahlungsziel'],
  },
  { key: 'vatRate', label: 'VAT rate (%)', names: ['vat rate', 'tax rate', 'steuersatz'] },
  { key: 'notes', label: 'Notes', names: ['notes', 'note', 'private notes', 'public notes', 'notiz'] },
];

const itemFields: TargetField[] = [
  { key: 'name', label: 'Name', names: ['name', 'product', 'product key', 'item', 'title', 'bezeichnung'] },
  { key: 'description', label: 'Description', names: ['description', 'notes', 'beschreibung'] },
  { key: 'unit', label: 'Unit', names: ['unit', 'unit code', 'einheit'] },
  { key: 'price', label: 'Price', names: ['price', 'unit price', 'cost', 'rate', 'preis'] },
  { key: 'currency', label: 'Currency', names: ['currency', 'currency code', 'währung'] },
  { key: 'vatRate', label: 'VAT rate (%)', names: ['vat rate', 'tax rate', 'tax rate1', 'steuersatz'] },
];

export const targetFields: Record<ImportKind, TargetField[]> = { clients: clientFields, items: itemFields };

/** Field key → column index, or -1 for none. */
export type ColumnMapping = Record<string, number>;

export function guessMapping(kind: ImportKind, header: string[]): ColumnMapping {
  const names = header.map((name) => name.trim().toLowerCase());
  const taken = new Set<number>();
  const mapping: ColumnMapping = {};
  for (const field of targetFields[kind]) {
    const column = names.findIndex((name, index) => !taken.has(index) && field.names.includes(name));
    mapping[field.key] = column;
    if (column >= 0) taken.add(column);
  }
  return mapping;
}

/** Country names in English and in the document languages ('Deutschland', 'Allemagne', 'Duitsland'). */
function countryNames(): Map<string, string> {
  const names = new Map(countries.map(([code, name]) => [name.toLowerCase(), code]));
  for (const language of ['en', 'de', 'fr', 'es', 'it', 'nl']) {
    const display = new Intl.DisplayNames([language], { type: 'region' });
    for (const [code] of countries) {
      const name = display.of(code)?.toLowerCase();
      if (name && !names.has(name)) names.set(name, code);
    }
  }
  return names;
}
let countryByName: Map<string, string> | null = null;

/** 'Germany', 'Deutschland', 'DE' → 'DE'; anything else is left for the schema to refuse. */
function countryCode(value: string): string {
  if (value.length === 2) return value.toUpperCase();
  countryByName ??= countryNames();
  return countryByName.get(value.toLowerCase()) ?? value;
}

function customerType(value: string): string {
  const lower = value.toLowerCase();
  if (['b2c', 'consumer', 'private', 'privat'].includes(lower)) return 'consumer';
  if (['b2g', 'public', 'public body', 'government'].includes(lower)) return 'public_body';
  if (['', 'b2b', 'business', 'company'].includes(lower)) return 'business';
  return lower;
}

/** 'HUR', 'hour', 'Hours' → 'HUR'. */
function unitCode(value: string): string {
  const lower = value.toLowerCase();
  const found = units.find(
    (unit) => unit.code.toLowerCase() === lower || unit.label === lower || unit.plural === lower,
  );
  return found?.code ?? (lower === 'h' || lower === 'hrs' ? 'HUR' : value);
}

export interface PreviewRow<Input> {
  /** The row's line in the file (the header is line 1). */
  line: number;
  title: string;
  input: Input;
  /** Empty: the row will be created. */
  problems: string[];
}

const cellOf = (row: string[], mapping: ColumnMapping, key: string) =>
  (mapping[key] ?? -1) >= 0 ? (row[mapping[key] as number] ?? '') : '';

function messagesOf(error: Parameters<typeof fieldErrors>[0], labels: TargetField[]): string[] {
  return Object.entries(fieldErrors(error)).map(([path, message]) => {
    const key = path.split('.').at(path.startsWith('address.') ? 1 : 0) ?? path;
    const label = labels.find((field) => field.key === key)?.label ?? key;
    return `${label}: ${message}`;
  });
}

export function previewClients(
  table: CsvTable,
  mapping: ColumnMapping,
  existingEmails: ReadonlySet<string>,
): PreviewRow<ClientFormInput>[] {
  const seen = new Set<string>();
  return table.rows.map((row, index) => {
    const cell = (key: string) => cellOf(row, mapping, key);
    const contactName =
      cell('contactName') || [cell('contactFirst'), cell('contactLast')].filter(Boolean).join(' ');
    const input: ClientFormInput = {
      companyName: cell('companyName'),
      contactName,
      email: cell('email'),
      address: {
        street: cell('street'),
        postCode: cell('postCode'),
        city: cell('city'),
        country: countryCode(cell('country')),
      },
      vatId: cell('vatId'),
      taxNumber: cell('taxNumber'),
      type: customerType(cell('type')) as ClientFormInput['type'],
      buyerReference: cell('buyerReference'),
      electronicAddress: cell('electronicAddress'),
      language: (cell('language').toLowerCase() || 'en') as ClientFormInput['language'],
      currency: cell('currency').toUpperCase(),
      paymentTermsDays: cell('paymentTermsDays'),
      vatRate: cell('vatRate').replace('%', ''),
      notes: cell('notes'),
    };
    const parsed = clientFormSchema.safeParse(input);
    const problems = parsed.success ? [] : messagesOf(parsed.error, clientFields);
    const email = parsed.success ? parsed.data.email : '';
    if (email && existingEmails.has(email)) problems.push(`Email: ${email} is already one of your clients`);
    else if (email && seen.has(email)) problems.push(`Email: ${email} appears earlier in the file`);
    if (email) seen.add(email);
    return {
      line: table.lines[index] ?? index + 2,
      title: input.companyName || contactName || '(no name)',
      input,
      problems,
    };
  });
}

export function previewItems(
  table: CsvTable,
  mapping: ColumnMapping,
  defaultCurrency: string,
): PreviewRow<ItemFormInput>[] {
  return table.rows.map((row, index) => {
    const cell = (key: string) => cellOf(row, mapping, key);
    const input = {
      name: cell('name'),
      description: cell('description'),
      unit: (cell('unit') ? unitCode(cell('unit')) : 'HUR') as ItemFormInput['unit'],
      price: cell('price'),
      currency: cell('currency').toUpperCase() || defaultCurrency,
      vatRate: cell('vatRate').replace('%', ''),
    } satisfies ItemFormInput;
    const parsed = itemFormSchema.safeParse(input);
    const problems = parsed.success ? [] : messagesOf(parsed.error, itemFields);
    return { line: table.lines[index] ?? index + 2, title: input.name || '(no name)', input, problems };
  });
}
