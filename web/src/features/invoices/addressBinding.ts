import {
  type AddressEntry,
  addressEntryOf,
  addressLine,
  type FieldErrors,
  type PostalAddressInput,
  postalAddressOfEntry,
} from '@remit/contracts';
import { type AddressPart, type AddressParts, cleanAddressPart } from '../forms/addressParts';
import { setPath } from './formPaths';
import type { WizardContext, WizardEvent, WizardForm } from './wizardMachine';

/** Whose address: the spec's line (`userAddress`) and the structured one the e-invoice details carry. */
export const addressPaths = {
  own: { line: 'userAddress', structured: 'eInvoice.seller.address' },
  customer: { line: 'customerAddress', structured: 'eInvoice.customer.address' },
} as const;
type Whose = keyof typeof addressPaths;

/** Where each part sits in the structured address, for its own messages ('Post code can have at most 20 …'). */
const partPaths: Record<AddressPart, string> = {
  street: 'lines.0',
  postCode: 'postCode',
  city: 'city',
  country: 'country',
};

function structuredOf(form: WizardForm, whose: Whose): PostalAddressInput | null {
  const details = form.eInvoice as Partial<
    Record<'seller' | 'customer', { address?: PostalAddressInput | null }>
  >;
  return details?.[whose === 'own' ? 'seller' : 'customer']?.address ?? null;
}

/** What the entry shows: the structured address, or the line of a draft or profile from before it existed. */
export function addressEntryIn(form: WizardForm, whose: Whose): AddressEntry {
  return addressEntryOf(structuredOf(form, whose), form[addressPaths[whose].line]);
}

/** The form with the entry written both ways: the structured address, and the spec's line made from it. */
export function withAddressEntry(form: WizardForm, whose: Whose, entry: AddressEntry): WizardForm {
  const paths = addressPaths[whose];
  return setPath(
    setPath(form, paths.structured, postalAddressOfEntry(entry)),
    paths.line,
    addressLine(entry),
  );
}

/**
 * The four inputs of one address in the wizard. A change counts as a change of the spec's line (its messages
 * show from then on, as a typed line's did); a part's own message shows under the part.
 */
export function bindAddress(
  whose: Whose,
  context: Pick<WizardContext, 'form' | 'touched' | 'showAllErrors' | 'serverErrors'>,
  errors: FieldErrors,
  send: (event: WizardEvent) => void,
): { parts: AddressParts; lineError: string | undefined } {
  const paths = addressPaths[whose];
  const entry = addressEntryIn(context.form, whose);
  const shown = Boolean(context.touched[paths.line]) || context.showAllErrors;
  const part = (name: AddressPart) => {
    const path = `${paths.structured}.${partPaths[name]}`;
    return {
      name: path,
      value: entry[name],
      error: context.serverErrors[path] ?? (shown ? errors[path] : undefined),
      onChange: (event: { target: { value: string } }) =>
        send({
          type: 'CHANGE',
          path: paths.line,
          form: withAddressEntry(context.form, whose, {
            ...entry,
            [name]: cleanAddressPart(name, event.target.value),
          }),
        }),
      onBlur: () => send({ type: 'BLUR', path: paths.line }),
    };
  };
  return {
    parts: {
      street: part('street'),
      postCode: part('postCode'),
      city: part('city'),
      country: part('country'),
    },
    lineError: context.serverErrors[paths.line] ?? (shown ? errors[paths.line] : undefined),
  };
}
