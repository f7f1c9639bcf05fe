import {
  addressEntryOf,
  defaultInvoiceForm,
  incrementInvoiceNumber,
  nextInvoiceNumberAnswerSchema,
  type UserSettings,
} from '@remit/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import { fetchDraft, type InvoiceDraft } from '../../api/drafts';
import { isNetworkError, isServerUnreachable } from '../../api/errors';
import { createInvoice } from '../../api/invoiceCreate';
import type { InvoicePage } from '../../api/invoiceList';
import { draftKeys, invoiceKeys, paymentMethodKeys, settingsKeys } from '../../api/keys';
import { defaultPaymentMethodId, type PaymentMethod, paymentMethodsQuery } from '../../api/paymentMethods';
import { settingsQuery } from '../../api/profile';
import { currentUserId } from '../../db/account';
import { db } from '../../db/database';
import { listCommands, retryOutboxNow } from '../../db/outbox';
import { isoDay, wait } from '../../lib/format';
import { withAddressEntry } from './addressBinding';
import { enqueueInvoice, type QueuedInvoice } from './outbox';
import type { GenerateInput, GenerateResult, WizardForm, WizardStart } from './wizardMachine';

/** Spec §9: the form appears after about 400 ms. */
const FORM_LOAD_DELAY_MS = 400;

export interface DraftData {
  form: WizardForm;
  logo: string | null;
  /** The server's refusal of this draft's queued invoice, shown when it is reopened. */
  refusal?: string;
  serverErrors?: Record<string, string>;
  /** The version of the server's draft this was opened from (issue 27): a save is made on it. */
  serverVersion?: number;
}

/**
 * Offline, the number is suggested from what this device knows: the last number the server suggested
 * (cached), counted past every number on the cached dashboard pages and in the outbox. It is provisional:
 * the server may find it taken when the invoice is sent, and then refuses it on the field.
 */
export async function provisionalNumber(queryClient: QueryClient, userId: string | null): Promise<string> {
  const taken = new Set<string>();
  for (const [, page] of queryClient.getQueriesData<InvoicePage>({ queryKey: invoiceKeys.lists })) {
    for (const invoice of page?.invoices ?? []) taken.add(invoice.InvoiceNumber);
  }
  const queued = userId ? await listCommands(userId).catch(() => []) : [];
  for (const command of queued) {
    const number = (command.body as Partial<QueuedInvoice> | undefined)?.invoice?.invoiceNumber;
    if (command.format === 'invoice-multipart' && typeof number === 'string') taken.add(number);
  }
  let candidate = queryClient.getQueryData<string>(invoiceKeys.nextNumber);
  if (!candidate) {
    const last = [...taken].sort().at(-1);
    candidate = last ? incrementInvoiceNumber(last) : 'INV-0001';
  }
  for (let tries = 0; tries < 500 && taken.has(candidate); tries += 1)
    candidate = incrementInvoiceNumber(candidate);
  return candidate;
}

async function suggestNumber(queryClient: QueryClient, userId: string | null) {
  if (navigator.onLine) {
    try {
      const number = await queryClient.fetchQuery({
        queryKey: invoiceKeys.nextNumber,
        queryFn: async ({ signal }) =>
          (await request('GET', '/invoices/next-number', { schema: nextInvoiceNumberAnswerSchema, signal }))
            .number,
        staleTime: 0,
        retry: false,
      });
      return { number, provisional: false };
    } catch (error) {
      if (!isNetworkError(error)) return { number: '', provisional: false };
    }
  }
  return { number: await provisionalNumber(queryClient, userId), provisional: true };
}

/** Step 1's starting point: a saved draft, or the defaults from the user's settings (cached offline). */
export async function loadWizardStart(
  queryClient: QueryClient,
  draftId: string,
  email: string,
  /** Resumed by its id (`?draft=`): the server's draft of that id when this device holds none (issue 27). */
  resumed = false,
): Promise<WizardStart> {
  const userId = currentUserId();
  const [draft, settings, methods, , serverDraft] = await Promise.all([
    db.drafts.get(draftId).catch(() => undefined),
    queryClient
      .fetchQuery(settingsQuery)
      .catch((): UserSettings | null => queryClient.getQueryData<UserSettings>(settingsKeys.values) ?? null),
    queryClient
      .fetchQuery(paymentMethodsQuery)
      .catch((): PaymentMethod[] => queryClient.getQueryData<PaymentMethod[]>(paymentMethodKeys.list) ?? []),
    wait(FORM_LOAD_DELAY_MS),
    resumed && navigator.onLine ? loadServerDraft(queryClient, draftId) : Promise.resolve(null),
  ]);
  // Another account's draft is never opened, even by its id.
  if (draft && draft.userId === userId) {
    const data = draft.data as DraftData;
    return {
      form: data.form,
      logo: data.logo,
      ...(data.serverErrors ? { serverErrors: data.serverErrors } : {}),
      ...(data.refusal ? { refusal: data.refusal } : {}),
      ...(data.serverVersion === undefined ? {} : { serverVersion: data.serverVersion }),
    };
  }
  const { number, provisional } = await suggestNumber(queryClient, userId);
  if (serverDraft) {
    // A duplicate has no number yet: the next one is suggested, and taken only when it is issued.
    const form = serverDraft.form as WizardForm;
    return {
      form: { ...form, invoiceNumber: form.invoiceNumber || number },
      logo: null,
      provisionalNumber: !form.invoiceNumber && provisional,
      serverVersion: serverDraft.version,
    };
  }
  const defaults = defaultInvoiceForm(isoDay(), settings, email) as WizardForm;
  // The profile's address entry, as the profile shows it (issue 34, item 6).
  const postal = settings?.Settings.CompanyPostalAddress;
  const form = postal
    ? withAddressEntry(defaults, 'own', addressEntryOf(postal, settings?.Settings.CompanyAddress))
    : defaults;
  // A new invoice starts with the default payment method (issue 7); a draft keeps its own choice.
  return {
    form: { ...form, invoiceNumber: number, paymentMethodId: defaultPaymentMethodId(methods) },
    logo: null,
    provisionalNumber: provisional,
  };
}

/** The server's draft of this id (issue 27), or null: none, another user's, or out of reach. */
function loadServerDraft(queryClient: QueryClient, draftId: string): Promise<InvoiceDraft | null> {
  return queryClient
    .fetchQuery({
      queryKey: draftKeys.one(draftId),
      queryFn: ({ signal }) => fetchDraft(draftId, signal),
      staleTime: 0,
      retry: false,
    })
    .catch(() => null);
}

export async function saveDraft(id: string, data: DraftData): Promise<void> {
  const userId = currentUserId();
  if (!userId) return;
  const existing = await db.drafts.get(id);
  if (existing && existing.userId !== userId) return;
  await db.drafts.put({ id, userId, kind: 'invoice', data, updatedAt: Date.now() });
}

/**
 * Generate Invoice: POST /invoices now, or — offline, or when the server cannot be reached — the same
 * command into the account's outbox with its idempotency key, sent when the connection returns. The
 * draft stays until the server accepted the invoice; a resend replaces the draft's refused command. The key is
 * the filled form's (`useFormKey`): a retry of the same form is the same invoice.
 */
export async function generateInvoice(input: GenerateInput, idempotencyKey: string): Promise<GenerateResult> {
  const userId = currentUserId();
  const invoice = {
    ...input.form,
    templateId: input.template.ID,
    templateName: input.template.TemplateName,
    templateComponentName: input.template.TemplateComponentName,
    status: 'Draft' as const,
    // Issued from a draft the server may hold (issue 27): it leaves the drafts with the issue, once.
    draftId: input.draftId,
  };
  if (userId) {
    await saveDraft(input.draftId, { form: input.form, logo: input.logo });
    const earlier = await listCommands(userId);
    for (const command of earlier) {
      if (command.draftId === input.draftId && command.lastError) await db.outbox.delete(command.seq ?? -1);
    }
  }
  const queue = async (): Promise<GenerateResult> => {
    await enqueueInvoice({ invoice, logo: input.logo }, idempotencyKey, input.draftId);
    // Online but the server unreachable: the outbox starts its retries (with backoff) now.
    retryOutboxNow();
    return { kind: 'queued' };
  };
  if (!navigator.onLine) return queue();
  try {
    const { id } = await createInvoice({ invoice, logo: input.logo, idempotencyKey });
    await db.drafts.delete(input.draftId).catch(() => {});
    return { kind: 'sent', id };
  } catch (error) {
    if (isServerUnreachable(error)) return queue();
    throw error;
  }
}
