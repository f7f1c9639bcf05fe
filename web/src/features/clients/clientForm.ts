import {
  type Client,
  type ClientFormInput,
  clientFormSchema,
  countries,
  currencies,
  customerTypes,
  documentLanguages,
  type FieldErrors,
  vatCategories,
} from '@remit/contracts';
import { z } from 'zod';
import { ApiError } from '../../api/errors';
import { createFormMachine } from '../forms/formMachine';

/**
 * The client dialog's inputs as text, flat (street rather than address.street; cc addresses as one line),
 * checked by the contracts' `clientFormSchema`, so the dialog, the import and `POST/PUT /clients` agree.
 */
const dialogInputs = z.object({
  companyName: z.string(),
  contactName: z.string(),
  email: z.string(),
  ccEmails: z.string(),
  street: z.string(),
  postCode: z.string(),
  city: z.string(),
  country: z.string(),
  vatId: z.string(),
  taxNumber: z.string(),
  type: z.string(),
  buyerReference: z.string(),
  electronicAddress: z.string(),
  language: z.string(),
  currency: z.string(),
  paymentTermsDays: z.string(),
  vatCategory: z.string(),
  vatRate: z.string(),
  notes: z.string(),
});
export type ClientFormValues = z.infer<typeof dialogInputs>;

/** 'a@x.example, b@y.example; c@z.example' → three addresses. */
export const splitEmails = (line: string) =>
  line
    .split(/[,;\s]+/)
    .map((part) => part.trim())
    .filter(Boolean);

export function toClientInput(values: ClientFormValues): ClientFormInput {
  const { street, postCode, city, country, ccEmails, ...rest } = values;
  return {
    ...rest,
    ccEmails: splitEmails(ccEmails),
    address: { street, postCode, city, country },
    type: rest.type as ClientFormInput['type'],
    language: rest.language as ClientFormInput['language'],
    vatCategory: rest.vatCategory as ClientFormInput['vatCategory'],
  };
}

/** A message of the nested body ('address.country', 'ccEmails.1') belongs to the dialog's flat field. */
export function flatFieldOf(path: string): string {
  const [first = '', second = ''] = path.split('.');
  return first === 'address' ? second : first;
}

export function flatFields(fields: FieldErrors): FieldErrors {
  const flat: FieldErrors = {};
  for (const [path, message] of Object.entries(fields)) flat[flatFieldOf(path)] ??= message;
  return flat;
}

/** The server's field messages, keyed by the dialog's field names. */
export function withFlatFields(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  return new ApiError(error.status, error.message, error.code, flatFields(error.fields));
}

/** Checked by the contracts' schema; what it gives the submit is the API's body as typed. */
export const clientDialogSchema = dialogInputs.transform((values, ctx): ClientFormInput => {
  const input = toClientInput(values);
  const parsed = clientFormSchema.safeParse(input);
  if (parsed.success) return input;
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: 'custom', path: [flatFieldOf(issue.path.join('.'))], message: issue.message });
  }
  return z.NEVER;
});

const percent = (basisPoints: number | null) =>
  basisPoints === null ? '' : String(basisPoints / 100).replace(/\.0+$/, '');

export function toClientFormValues(client: Client | null): ClientFormValues {
  return {
    companyName: client?.companyName ?? '',
    contactName: client?.contactName ?? '',
    email: client?.email ?? '',
    ccEmails: client?.ccEmails.join(', ') ?? '',
    street: client?.address.street ?? '',
    postCode: client?.address.postCode ?? '',
    city: client?.address.city ?? '',
    country: client?.address.country ?? '',
    vatId: client?.vatId ?? '',
    taxNumber: client?.taxNumber ?? '',
    type: client?.type ?? 'business',
    buyerReference: client?.buyerReference ?? '',
    electronicAddress: client?.electronicAddress ?? '',
    language: client?.language ?? 'en',
    currency: client?.currency ?? '',
    paymentTermsDays: client?.paymentTermsDays === null || !client ? '' : String(client.paymentTermsDays),
    vatCategory: client?.vatCategory ?? '',
    vatRate: percent(client?.vatRate ?? null),
    notes: client?.notes ?? '',
  };
}

export const clientFormMachine = createFormMachine({
  id: 'client',
  schema: clientDialogSchema,
  initialValues: toClientFormValues(null),
  defaultError: 'Failed to save the client. Please try again.',
});

const languageNames: Record<(typeof documentLanguages)[number], string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  it: 'Italian',
  nl: 'Dutch',
};
const typeNames: Record<(typeof customerTypes)[number], string> = {
  business: 'Business (B2B)',
  public_body: 'Public body (B2G)',
  consumer: 'Consumer (B2C)',
};

export const clientOptions = {
  countries: [
    { value: '', label: 'Select a country' },
    ...countries.map(([code, name]) => ({ value: code, label: name })),
  ],
  languages: documentLanguages.map((code) => ({ value: code, label: languageNames[code] })),
  types: customerTypes.map((code) => ({ value: code, label: typeNames[code] })),
  currencies: [
    { value: '', label: 'No default' },
    // The spec's list has NOK twice; a picker offers it once.
    ...[...new Map(currencies.map((currency) => [currency.value, currency.label]))].map(([value, label]) => ({
      value,
      label,
    })),
  ],
  vatCategories: [
    { value: '', label: 'No default' },
    ...vatCategories.map((category) => ({ value: category.code, label: category.label })),
  ],
};
