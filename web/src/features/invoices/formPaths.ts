import { type FieldErrors, invoiceFormErrors } from '@remit/contracts';
import type { WizardForm } from '../../machines/wizard';

/** A copy of the form with the value at `path` ('customerName', 'items.2.unitPrice') replaced. */
export function setPath(form: WizardForm, path: string, value: string): WizardForm {
  const [head, index, key] = path.split('.');
  if (head === 'items' && index !== undefined && key) {
    const items = form.items.map((item, at) => (at === Number(index) ? { ...item, [key]: value } : item));
    return { ...form, items };
  }
  return { ...form, [path]: value };
}

export function getPath(form: WizardForm, path: string): string {
  const [head, index, key] = path.split('.');
  const value =
    head === 'items' && index !== undefined && key
      ? form.items[Number(index)]?.[key as keyof WizardForm['items'][number]]
      : form[path as keyof WizardForm];
  return value === null || value === undefined ? '' : String(value);
}

/**
 * Spec §5 messages for the whole form, keyed by path (the first message of each field), with the
 * stricter Next Step rule said on its field (a unit price of 0).
 */
export function validateInvoiceForm(form: WizardForm): FieldErrors {
  return invoiceFormErrors(form);
}
