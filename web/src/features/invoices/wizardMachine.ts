import {
  defaultInvoiceForm,
  type InvoiceFormInput,
  invoiceMessages,
  isInvoiceSubmittable,
} from '@remit/contracts';
import { assign, emit, fromPromise, setup } from 'xstate';

export type ItemForm = {
  description: string;
  quantity: number | string;
  unitPrice: number | string;
  /** UN/ECE Rec 20 code (the E-invoice details); absent means pieces. */
  unit?: string;
};
export type WizardForm = InvoiceFormInput & { items: ItemForm[] };

export interface WizardTemplate {
  ID: string;
  TemplateName: string;
  TemplateComponentName: string;
}

/** What step 1 starts from: the defaults, or a saved draft. */
export interface WizardStart {
  form: WizardForm;
  logo: string | null;
  /** The number was suggested offline from this device's cache (the server may find it taken). */
  provisionalNumber?: boolean;
  /** A queued invoice the server refused: its message, and its messages per field. */
  refusal?: string;
  serverErrors?: Record<string, string>;
  /** The template already chosen (an invoice opened to edit, issue 27). */
  template?: WizardTemplate;
  /** The version of the server's draft it was opened from (issue 27). */
  serverVersion?: number;
}

export interface GenerateInput {
  form: WizardForm;
  logo: string | null;
  template: WizardTemplate;
  draftId: string;
}

/** Sent now (the invoice's id) or queued in the outbox until the connection returns. */
export type GenerateResult = { kind: 'sent'; id: string } | { kind: 'queued' };

export interface WizardContext {
  draftId: string;
  subscribed: boolean;
  form: WizardForm;
  logo: string | null;
  /** Paths ('customerName', 'items.0.unitPrice') whose messages may show (spec §4 Validation display). */
  touched: Record<string, true>;
  showAllErrors: boolean;
  /** The form as it was when Next Step was pressed; Back restores it, Generate submits it. */
  storedForm: WizardForm | null;
  template: WizardTemplate | null;
  previewTemplate: WizardTemplate | null;
  invoiceId: string | null;
  /** Whether anything was typed since the screen opened (an untouched form is not saved as a draft). */
  dirty: boolean;
  provisionalNumber: boolean;
  refusal: string | null;
  /** The server's messages per field path; a field's goes when the field is changed. */
  serverErrors: Record<string, string>;
}

export type WizardEvent =
  | { type: 'CHANGE'; path: string; form: WizardForm }
  | { type: 'BLUR'; path: string }
  | { type: 'SET_LOGO'; logo: string | null }
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'SELECT'; template: WizardTemplate }
  | { type: 'PREVIEW'; template: WizardTemplate }
  | { type: 'CLOSE_PREVIEW' }
  | { type: 'GENERATE' }
  | { type: 'CLOSE_PLANS' };

export type WizardEmitted = { type: 'notice'; message: string; tone: 'error' | 'success' | 'info' };

export interface WizardInput {
  draftId: string;
  subscribed: boolean;
}

/**
 * The invoice wizard of spec §4: step 1 (the form) goes to step 2 (templates) only when the form is
 * submittable; Back restores the stored form; Generate needs a template and the stored form; selecting
 * in the preview closes it. After generation a subscriber is done and anyone else sees the plans.
 */
export const wizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as WizardInput,
    emitted: {} as WizardEmitted,
    tags: {} as 'busy',
  },
  actors: {
    load: fromPromise<WizardStart, { draftId: string }>(async () => {
      throw new Error('The wizard needs a load actor');
    }),
    generate: fromPromise<GenerateResult, GenerateInput>(async () => {
      throw new Error('The wizard needs a generate actor');
    }),
  },
  guards: {
    isSubmittable: ({ context }) => isInvoiceSubmittable(context.form),
    canGenerate: ({ context }) => context.template !== null && context.storedForm !== null,
    hasNoTemplate: ({ context }) => context.template === null,
    isSubscribed: ({ context }) => context.subscribed,
    wasSent: (_, output: GenerateResult) => output.kind === 'sent',
  },
}).createMachine({
  id: 'wizard',
  context: ({ input }) => ({
    draftId: input.draftId,
    subscribed: input.subscribed,
    // Replaced by the loaded defaults or draft; the spec's defaults until then.
    form: defaultInvoiceForm(new Date().toISOString().slice(0, 10)) as WizardForm,
    logo: null,
    touched: {},
    showAllErrors: false,
    storedForm: null,
    template: null,
    previewTemplate: null,
    invoiceId: null,
    dirty: false,
    provisionalNumber: false,
    refusal: null,
    serverErrors: {},
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        src: 'load',
        input: ({ context }) => ({ draftId: context.draftId }),
        onDone: {
          target: 'form',
          actions: assign(({ event }) => ({
            form: event.output.form,
            logo: event.output.logo,
            provisionalNumber: event.output.provisionalNumber ?? false,
            refusal: event.output.refusal ?? null,
            serverErrors: event.output.serverErrors ?? {},
            template: event.output.template ?? null,
          })),
        },
        onError: { target: 'form' },
      },
    },
    form: {
      on: {
        CHANGE: {
          actions: assign(({ context, event }) => {
            const { [event.path]: _fixed, ...serverErrors } = context.serverErrors;
            return {
              form: event.form,
              touched: { ...context.touched, [event.path]: true as const },
              dirty: true,
              serverErrors,
              provisionalNumber: context.provisionalNumber && event.path !== 'invoiceNumber',
            };
          }),
        },
        BLUR: {
          actions: assign(({ context, event }) => ({
            touched: { ...context.touched, [event.path]: true as const },
          })),
        },
        SET_LOGO: { actions: assign({ logo: ({ event }) => event.logo, dirty: true }) },
        NEXT: [
          {
            guard: 'isSubmittable',
            target: 'templates',
            actions: assign({ storedForm: ({ context }) => context.form, showAllErrors: true }),
          },
          {
            actions: [
              assign({ showAllErrors: true }),
              emit({ type: 'notice', message: invoiceMessages.incomplete, tone: 'error' }),
            ],
          },
        ],
      },
    },
    templates: {
      initial: 'browsing',
      on: {
        BACK: {
          target: 'form',
          actions: assign(({ context }) => ({ form: context.storedForm ?? context.form })),
        },
        SELECT: { target: '.browsing', actions: assign({ template: ({ event }) => event.template }) },
        GENERATE: [
          { guard: 'canGenerate', target: 'generating' },
          {
            guard: 'hasNoTemplate',
            actions: emit({ type: 'notice', message: 'Please select a template first.', tone: 'error' }),
          },
          { actions: emit({ type: 'notice', message: 'Please complete the form first.', tone: 'error' }) },
        ],
      },
      states: {
        browsing: {
          on: {
            PREVIEW: {
              target: 'previewing',
              actions: assign({ previewTemplate: ({ event }) => event.template }),
            },
          },
        },
        previewing: {
          on: { CLOSE_PREVIEW: { target: 'browsing' } },
          exit: assign({ previewTemplate: null }),
        },
      },
    },
    generating: {
      tags: 'busy',
      invoke: {
        src: 'generate',
        input: ({ context }) => {
          if (!context.storedForm || !context.template) throw new Error('Nothing to generate');
          return {
            form: context.storedForm,
            logo: context.logo,
            template: context.template,
            draftId: context.draftId,
          };
        },
        onDone: [
          {
            guard: { type: 'wasSent', params: ({ event }) => event.output },
            target: 'generated',
            actions: assign({
              invoiceId: ({ event }) => (event.output.kind === 'sent' ? event.output.id : null),
            }),
          },
          { target: 'queued' },
        ],
        onError: {
          target: 'templates',
          actions: emit(({ event }) => ({
            type: 'notice' as const,
            message:
              event.error instanceof Error && event.error.message
                ? event.error.message
                : 'Failed to create invoice',
            tone: 'error' as const,
          })),
        },
      },
    },
    generated: {
      always: [{ guard: 'isSubscribed', target: 'done' }, { target: 'plans' }],
    },
    plans: {
      on: { CLOSE_PLANS: 'done' },
    },
    queued: { type: 'final' },
    done: { type: 'final' },
  },
});
