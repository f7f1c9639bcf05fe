import { addDays } from '@remit/contracts';
import { createQuote } from '../../api/quotes';
import type { GenerateInput, GenerateResult, WizardForm } from './wizardMachine';

/** How long a new quote is valid by default: 30 days from its issue date. */
const VALID_DAYS = 30;

/** The owner's time zone, as this device knows it: the day a quote expires is theirs (D-281). */
export const ownerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The wizard's form as a quote starts: the invoice's defaults and 'Valid until' 30 days on. */
export const withValidUntil = (form: WizardForm): WizardForm =>
  ({
    ...form,
    validUntil: addDays(form.issueDate || new Date().toISOString().slice(0, 10), VALID_DAYS),
  }) as WizardForm;

export const validUntilOf = (form: WizardForm): string =>
  String((form as { validUntil?: unknown }).validUntil ?? '');

/** 'Valid until' said as the server says it (contracts' quoteMessages). */
export function validUntilError(form: WizardForm): string | undefined {
  const validUntil = validUntilOf(form);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(validUntil)) return 'Valid until is required';
  if (form.issueDate && validUntil < form.issueDate) return 'Valid until cannot be before the issue date';
  return undefined;
}

/** 'Create Quote': POST /quotes with the invoice payload, `validUntil` and the owner's time zone (online only). */
export async function generateQuote(input: GenerateInput, idempotencyKey: string): Promise<GenerateResult> {
  const quote = {
    ...input.form,
    templateId: input.template.ID,
    templateName: input.template.TemplateName,
    templateComponentName: input.template.TemplateComponentName,
    validUntil: validUntilOf(input.form),
    timeZone: ownerTimeZone(),
  };
  const { id } = await createQuote(quote, idempotencyKey);
  return { kind: 'sent', id };
}
