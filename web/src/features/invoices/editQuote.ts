import { quoteLockedMessage } from '@remit/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/errors';
import { quoteQuery, updateQuote } from '../../api/quotes';
import { ownerTimeZone, validUntilOf } from './quoteWizard';
import type { GenerateInput, GenerateResult, WizardForm, WizardStart } from './wizardMachine';

/**
 * Editing a quote in the wizard (issue 33): opened from `GET /quotes/{id}` (the form it was made with, its
 * valid-until and time zone), saved with `PUT /quotes/{id}`, which keeps its number. A quote that was answered or
 * converted opens no form: the reason is said instead (the server refuses the save the same way).
 */
export async function loadQuoteEditStart(queryClient: QueryClient, quoteId: string): Promise<WizardStart> {
  const { quote, form } = await queryClient.fetchQuery({ ...quoteQuery(quoteId), staleTime: 0 });
  const locked = quoteLockedMessage(quote);
  // Said as the server would refuse the save (409), before anything is typed.
  if (locked) {
    const reason = quote.invoiceId
      ? 'quote_invoiced'
      : quote.answer?.accepted
        ? 'quote_accepted'
        : 'quote_declined';
    throw new ApiError(409, locked, reason);
  }
  const {
    templateId,
    templateName,
    templateComponentName,
    status: _status,
    draftId: _draft,
    ...fields
  } = form as Record<string, unknown>;
  const id = String(templateId ?? '');
  return {
    form: fields as WizardForm,
    logo: null,
    template: {
      ID: id,
      TemplateName: String(templateName ?? id),
      TemplateComponentName: String(templateComponentName ?? id),
    },
  };
}

/** Save changes: the form, its template, valid-until and the time zone the quote was made in. */
export async function saveQuoteEdit(
  quoteId: string,
  input: GenerateInput,
  idempotencyKey: string,
): Promise<GenerateResult> {
  const zone = (input.form as { timeZone?: unknown }).timeZone;
  await updateQuote(
    quoteId,
    {
      ...input.form,
      templateId: input.template.ID,
      templateName: input.template.TemplateName,
      templateComponentName: input.template.TemplateComponentName,
      validUntil: validUntilOf(input.form),
      timeZone: typeof zone === 'string' && zone ? zone : ownerTimeZone(),
    },
    idempotencyKey,
  );
  return { kind: 'sent', id: quoteId };
}
