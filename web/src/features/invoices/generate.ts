import { defaultInvoiceForm, type UserSettings } from '@remit/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { newIdempotencyKey, request } from '../../api/client';
import { isNetworkError } from '../../api/errors';
import { createInvoice } from '../../api/invoices';
import { paymentMethodKeys, settingsKeys } from '../../api/keys';
import { defaultPaymentMethodId, type PaymentMethod, paymentMethodsQuery } from '../../api/paymentMethods';
import { settingsQuery } from '../../api/profile';
import { db } from '../../db/database';
import { isoDay, wait } from '../../lib/format';
import type { GenerateInput, GenerateResult, WizardForm, WizardStart } from '../../machines/wizard';
import { enqueueInvoice } from './outbox';

/** Spec §9: the form appears after about 400 ms. */
export const FORM_LOAD_DELAY_MS = 400;

export interface DraftData {
  form: WizardForm;
  logo: string | null;
}

async function nextNumber(): Promise<string> {
  try {
    const answer = await request<{ number?: string }>('GET', '/invoices/next-number');
    return typeof answer?.number === 'string' ? answer.number : '';
  } catch {
    return '';
  }
}

/** Step 1's starting point: a saved draft, or the defaults from the user's settings (cached offline). */
export async function loadWizardStart(
  queryClient: QueryClient,
  draftId: string,
  email: string,
): Promise<WizardStart> {
  const [draft, settings, methods, number] = await Promise.all([
    db.drafts.get(draftId).catch(() => undefined),
    queryClient
      .fetchQuery(settingsQuery)
      .catch((): UserSettings | null => queryClient.getQueryData<UserSettings>(settingsKeys.values) ?? null),
    queryClient
      .fetchQuery(paymentMethodsQuery)
      .catch((): PaymentMethod[] => queryClient.getQueryData<PaymentMethod[]>(paymentMethodKeys.list) ?? []),
    navigator.onLine ? nextNumber() : Promise.resolve(''),
    wait(FORM_LOAD_DELAY_MS),
  ]);
  if (draft) return draft.data as DraftData;
  const form = defaultInvoiceForm(isoDay(), settings, email) as WizardForm;
  // A new invoice starts with the default payment method (issue 7); a draft keeps its own choice.
  return {
    form: { ...form, invoiceNumber: number, paymentMethodId: defaultPaymentMethodId(methods) },
    logo: null,
  };
}

export async function saveDraft(id: string, data: DraftData): Promise<void> {
  await db.drafts.put({ id, kind: 'invoice', data, updatedAt: Date.now() });
}

/**
 * Generate Invoice: POST /invoices now, or — offline, or when the server cannot be reached — the same
 * command into the outbox with its idempotency key, sent when the connection returns.
 */
export async function generateInvoice(input: GenerateInput): Promise<GenerateResult> {
  const invoice = {
    ...input.form,
    templateId: input.template.ID,
    templateName: input.template.TemplateName,
    templateComponentName: input.template.TemplateComponentName,
    status: 'Draft' as const,
  };
  const idempotencyKey = newIdempotencyKey();
  const queue = async (): Promise<GenerateResult> => {
    await enqueueInvoice({ invoice, logo: input.logo }, idempotencyKey);
    await db.drafts.delete(input.draftId).catch(() => {});
    return { kind: 'queued' };
  };
  if (!navigator.onLine) return queue();
  try {
    const { id } = await createInvoice({ invoice, logo: input.logo, idempotencyKey });
    await db.drafts.delete(input.draftId).catch(() => {});
    return { kind: 'sent', id };
  } catch (error) {
    if (isNetworkError(error)) return queue();
    throw error;
  }
}
