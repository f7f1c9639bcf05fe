import { type FieldErrors, invoiceFormErrors } from '@remit/contracts';
import type { WizardForm } from './wizardMachine';

type Tree = Record<string, unknown> | unknown[];

function setIn(node: unknown, keys: string[], value: unknown): unknown {
  const [key, ...rest] = keys;
  if (key === undefined) return value;
  if (Array.isArray(node) || (node === undefined && /^\d+$/.test(key))) {
    const copy = [...((node as unknown[] | undefined) ?? [])];
    copy[Number(key)] = setIn(copy[Number(key)], rest, value);
    return copy;
  }
  const object = (node && typeof node === 'object' ? node : {}) as Record<string, unknown>;
  return { ...object, [key]: setIn(object[key], rest, value) };
}

/**
 * A copy of the form with the value at `path` ('customerName', 'items.2.unitPrice',
 * 'eInvoice.customer.address.country') replaced; missing objects on the way are made.
 */
export function setPath(form: WizardForm, path: string, value: unknown): WizardForm {
  return setIn(form, path.split('.'), value) as WizardForm;
}

export function getPath(form: WizardForm, path: string): string {
  let node: unknown = form;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return '';
    node = (node as Tree)[key as keyof Tree];
  }
  return node === null || node === undefined ? '' : String(node);
}

/**
 * Spec §5 messages for the whole form, keyed by path (the first message of each field), with the
 * stricter Next Step rule said on its field (a unit price of 0).
 */
export function validateInvoiceForm(form: WizardForm): FieldErrors {
  return invoiceFormErrors(form);
}
