import type { InvoiceSubmitInput } from '@remit/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, isServerUnreachable } from '../../api/errors';
import { fetchInvoiceForm, saveInvoiceEdit } from '../../api/invoiceEdit';
import { invoiceKeys } from '../../api/keys';
import type { GenerateInput, GenerateResult, WizardForm, WizardStart } from './wizardMachine';

/**
 * Editing an issued invoice in the wizard (issue 27, item 3): the same screens, opened from the invoice's own
 * stream (`GET /invoices/{id}/form`) and saved with `PUT /invoices/{id}` made on the revision that was opened.
 */

/** Why a save did not go in, kept on screen (not a toast): the invoice is final, or another device changed it. */
export interface EditRefusal {
  code: 'invoice_final' | 'invoice_changed';
  message: string;
}

/** The revision the open form was made on; a save moves it on, "Load the latest" replaces it. */
export interface EditSession {
  invoiceId: string;
  revision: number;
  finalMessage: string | null;
}

function formOf(submit: InvoiceSubmitInput): { form: WizardForm; template: WizardStart['template'] } {
  const { templateId, templateName, templateComponentName, status: _status, ...form } = submit;
  return {
    form: form as WizardForm,
    template: {
      ID: templateId,
      TemplateName: templateName ?? templateId,
      TemplateComponentName: templateComponentName ?? templateId,
    },
  };
}

/** Step 1 of an edit: the invoice as it stands, its template chosen; the session learns its revision. */
export async function loadEditStart(queryClient: QueryClient, session: EditSession): Promise<WizardStart> {
  const answer = await queryClient.fetchQuery({
    queryKey: invoiceKeys.form(session.invoiceId),
    queryFn: ({ signal }) => fetchInvoiceForm(session.invoiceId, signal),
    staleTime: 0,
  });
  session.revision = answer.revision;
  session.finalMessage = answer.finalMessage;
  return { ...formOf(answer.form), logo: null };
}

/**
 * Save changes: the edit goes in on the revision it was made on. A refusal the owner must decide on
 * (`invoice_final`, `invoice_changed`) is handed to `onRefused` and thrown; nothing is queued offline, since an
 * edit made blind to the other device's could replace it unseen.
 */
export async function saveEdit(
  session: EditSession,
  input: GenerateInput,
  idempotencyKey: string,
  onRefused: (refusal: EditRefusal) => void,
): Promise<GenerateResult> {
  const invoice = {
    ...input.form,
    templateId: input.template.ID,
    templateName: input.template.TemplateName,
    templateComponentName: input.template.TemplateComponentName,
    status: 'Draft' as const,
  } as InvoiceSubmitInput;
  try {
    const { revision } = await saveInvoiceEdit(session.invoiceId, invoice, session.revision, idempotencyKey);
    session.revision = revision;
    return { kind: 'sent', id: session.invoiceId };
  } catch (error) {
    if (error instanceof ApiError && (error.code === 'invoice_final' || error.code === 'invoice_changed'))
      onRefused({ code: error.code, message: error.message });
    if (isServerUnreachable(error))
      throw new Error(
        'You are offline. Changes to an issued invoice need a connection: save them again when you are back online.',
      );
    throw error;
  }
}
