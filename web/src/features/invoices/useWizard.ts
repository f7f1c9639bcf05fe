import { isInvoiceSubmittable, liveTotals } from '@remit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { useCommand, useFormKey } from '../../api/command';
import { errorMessage } from '../../api/errors';
import { invalidateAfter } from '../../api/invalidation';
import { fetchInvoiceForm } from '../../api/invoiceEdit';
import { useAuth } from '../auth/AuthProvider';
import { useToast } from '../toasts/ToastProvider';
import { bindAddress } from './addressBinding';
import { type EditRefusal, type EditSession, loadEditStart, saveEdit } from './editInvoice';
import { loadQuoteEditStart, saveQuoteEdit } from './editQuote';
import { getPath, setPath, validateInvoiceForm } from './formPaths';
import { type DraftData, generateInvoice, loadWizardStart, saveDraft } from './generate';
import { generateQuote, validUntilError, withValidUntil } from './quoteWizard';
import { saveDraftToServer } from './serverDraft';
import { useWizardEnd } from './useWizardEnd';
import { type ItemForm, type WizardForm, wizardMachine } from './wizardMachine';

const AUTOSAVE_MS = 500;

export interface BoundField {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
}

/**
 * The wizard machine with its actors, toasts, autosave and where it goes when it ends. With `editing` (issue 27)
 * it opens that invoice and saves it with PUT on the revision it opened; nothing is autosaved as a new draft.
 */
export function useWizard(
  draftId: string,
  editing?: { invoiceId: string },
  resumed = false,
  /** A quote (issue 33): the same form with 'Valid until', sent to POST /quotes; no local draft or outbox. */
  quote = false,
  /** A quote opened to edit (issue 33): loaded from GET /quotes/{id}, saved with PUT. */
  quoteId?: string,
) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const navigate = useNavigate();
  const { user, subscribed } = useAuth();
  const formKey = useFormKey();
  const [editRefusal, setEditRefusal] = useState<EditRefusal | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  /** The version of the server's draft this form was opened from or last saved as (issue 27). */
  const serverVersion = useRef<number | undefined>(undefined);
  /** Saved to the server and left: nothing more is autosaved on this device. */
  const leaving = useRef(false);
  const session = useRef<EditSession | null>(
    editing ? { invoiceId: editing.invoiceId, revision: 0, finalMessage: null } : null,
  );
  const machine = useMemo(
    () =>
      wizardMachine.provide({
        actors: {
          load: fromPromise(({ input }) =>
            quoteId
              ? loadQuoteEditStart(queryClient, quoteId).catch((error: unknown) => {
                  setLoadError(errorMessage(error, 'The quote could not be opened. Please try again.'));
                  throw error;
                })
              : session.current
                ? loadEditStart(queryClient, session.current).catch((error: unknown) => {
                    // Not theirs, gone, or offline: nothing to edit, and no empty form that would look like one.
                    setLoadError(errorMessage(error, 'The invoice could not be opened. Please try again.'));
                    throw error;
                  })
                : loadWizardStart(queryClient, input.draftId, user?.email ?? '', resumed).then((start) => {
                    serverVersion.current = start.serverVersion;
                    return quote ? { ...start, form: withValidUntil(start.form) } : start;
                  }),
          ),
          generate: fromPromise(async ({ input }) => {
            try {
              const key = formKey.keyFor(input);
              const result = session.current
                ? await saveEdit(session.current, input, key, setEditRefusal)
                : quoteId
                  ? await saveQuoteEdit(quoteId, input, key)
                  : quote
                    ? await generateQuote(input, key)
                    : await generateInvoice(input, key);
              formKey.answered();
              return result;
            } catch (error) {
              throw new Error(
                errorMessage(error, `Failed to create ${quote ? 'quote' : 'invoice'}. Please try again.`),
              );
            }
          }),
        },
      }),
    [queryClient, user?.email, formKey, resumed, quote, quoteId],
  );
  // An edit is no new invoice to pay for: it never opens the plans.
  const [state, send, actor] = useMachine(machine, {
    // Nor is a quote: it is no invoice yet.
    input: { draftId, subscribed: subscribed || editing !== undefined || quote },
  });
  const { context } = state;

  useEffect(() => {
    const subscription = actor.on('notice', (event) => toast(event.message, { tone: event.tone }));
    return () => subscription.unsubscribe();
  }, [actor, toast]);

  // Autosave (DESIGN §8): once something was typed, the form and logo go to IndexedDB, 500 ms after
  // the last change, and at once when the screen closes earlier (nothing typed is lost, issue 13). Once
  // Generate is pressed the generate step owns the draft (it keeps it until the server accepts).
  const pending = useRef<DraftData | null>(null);
  const typing = (state.matches('form') || state.matches('templates')) && !session.current && !quote;
  useEffect(() => {
    if (!typing) pending.current = null;
    if (!context.dirty || !typing || leaving.current) return;
    const data: DraftData = {
      ...(serverVersion.current === undefined ? {} : { serverVersion: serverVersion.current }),
      form: context.storedForm && state.matches('templates') ? context.storedForm : context.form,
      logo: context.logo,
      // A refused invoice keeps the messages of the fields not fixed yet.
      ...(context.refusal ? { refusal: context.refusal, serverErrors: context.serverErrors } : {}),
    };
    pending.current = data;
    const timer = setTimeout(() => {
      pending.current = null;
      void saveDraft(draftId, data);
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [
    context.dirty,
    context.form,
    context.storedForm,
    context.logo,
    context.refusal,
    context.serverErrors,
    draftId,
    typing,
    state,
  ]);
  useEffect(
    () => () => {
      if (pending.current && !leaving.current) void saveDraft(draftId, pending.current);
    },
    [draftId],
  );

  const [repeat, setRepeat] = useState(false);
  useWizardEnd({ state, quote, quoteId, editing: session.current, repeat });

  const errors = useMemo(() => {
    const found = validateInvoiceForm(context.form);
    const validUntil = quote ? validUntilError(context.form) : undefined;
    return validUntil ? { ...found, validUntil } : found;
  }, [context.form, quote]);

  const saveAsDraft = useCommand({
    send: (data: DraftData, key) => saveDraftToServer(draftId, data, key),
    onSuccess: ({ queued }) => {
      leaving.current = true;
      pending.current = null;
      toast(
        queued
          ? 'You are offline. The draft is kept on this device and saved to your account when you are back online.'
          : 'Draft saved',
        { tone: queued ? 'info' : 'success' },
      );
      void invalidateAfter(queryClient, 'drafts');
      navigate('/');
    },
    onError: (error) => toast(errorMessage(error, 'The draft could not be saved. Please try again.')),
  });

  const field = (path: string, sanitize: (value: string) => string = (value) => value): BoundField => ({
    name: path,
    value: getPath(context.form, path),
    error:
      context.serverErrors[path] ??
      (context.touched[path] || context.showAllErrors ? errors[path] : undefined),
    onChange: (event) =>
      send({ type: 'CHANGE', path, form: setPath(context.form, path, sanitize(event.target.value)) }),
    onBlur: () => send({ type: 'BLUR', path }),
  });

  const replace = (path: string, form: WizardForm) => send({ type: 'CHANGE', path, form });
  const items = context.form.items;

  return {
    state,
    send,
    context,
    /** Editing an issued invoice: its session (revision, finality) and why the last save was refused. */
    edit: session.current,
    editRefusal,
    /** 'Save as draft' (issue 27): the form as it stands, complete or not, to the server (or the outbox). */
    saveAsDraft: () =>
      saveAsDraft.run({
        form: context.storedForm && state.matches('templates') ? context.storedForm : context.form,
        logo: null,
        ...(serverVersion.current === undefined ? {} : { serverVersion: serverVersion.current }),
      }),
    savingDraft: saveAsDraft.busy,
    /** Editing: the invoice could not be opened (404 for another user's), said instead of the form. */
    loadError,
    /** "Save mine anyway": the edit goes in on the revision the other device made (the later edit wins). */
    saveOverOtherEdit: async () => {
      if (!session.current) return;
      const latest = await fetchInvoiceForm(session.current.invoiceId);
      session.current.revision = latest.revision;
      setEditRefusal(null);
      send({ type: 'GENERATE' });
    },
    step: state.matches('loading') ? 0 : state.matches('form') ? 1 : 2,
    busy: state.hasTag('busy'),
    field,
    /** One address entry (street, post code and city, country) for the seller or the customer. */
    address: (whose: 'own' | 'customer') => bindAddress(whose, context, errors, send),
    errors,
    totals: liveTotals(context.form),
    submittable: isInvoiceSubmittable(context.form) && !(quote && validUntilError(context.form)),
    /** Making a quote (issue 33) rather than an invoice; `quoteId`: editing that one. */
    quote,
    quoteId,
    /** 'Repeat this invoice' (issue 33): once generated, the recurring schedule opens with it. */
    repeat,
    setRepeat,
    addItem: () =>
      replace(`items.${items.length}.description`, {
        ...context.form,
        items: [...items, { description: '', quantity: 1, unitPrice: 0 } satisfies ItemForm],
      }),
    removeItem: (index: number) =>
      replace('items', { ...context.form, items: items.filter((_, at) => at !== index) }),
    fillCustomer: (form: WizardForm) => replace('customerName', form),
    /** A line from the catalogue: it takes the place of an untouched first line, else comes last. */
    addLine: (line: WizardForm['items'][number]) => {
      const only = items.length === 1 ? items[0] : undefined;
      const untouched = only && !only.description.trim() && Number(only.unitPrice || 0) === 0;
      const index = untouched ? 0 : items.length;
      replace(`items.${index}.description`, {
        ...context.form,
        items: untouched ? [line] : [...items, line],
      });
    },
  };
}

export type Wizard = ReturnType<typeof useWizard>;
