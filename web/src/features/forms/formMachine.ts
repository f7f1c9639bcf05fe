import { type FieldErrors, fieldErrors } from '@remit/contracts';
import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../api/errors';
import { logError } from '../../lib/log';

type Values = Record<string, string>;

export interface FormContext<TValues extends Values> {
  values: TValues;
  touched: Partial<Record<keyof TValues & string, boolean>>;
  /** The server's message for the last failed submit, shown in red (spec §8). */
  serverError: string | null;
  serverCode: string | null;
  /** The server's per-field messages; a field's message goes when the field changes. */
  serverFields: FieldErrors;
  /** What the submit returned; each screen's submit knows its shape. */
  result: unknown;
}

export type FormEvent<TValues extends Values> =
  | { type: 'CHANGE'; field: keyof TValues & string; value: string }
  | { type: 'BLUR'; field: keyof TValues & string }
  | { type: 'SUBMIT' };

/** Every field's first message under the contracts' schema, or none. */
export function validate(schema: z.ZodType, values: Values): FieldErrors {
  const parsed = schema.safeParse(values);
  return parsed.success ? {} : fieldErrors(parsed.error);
}

/**
 * A form as spec §4 "Validation display" words it: a field is touched on blur or change, errors
 * show for touched fields only, a submit attempt touches them all, and a submit runs only when
 * the form is valid. Each screen provides `submit`, which gets the schema's parsed output.
 */
export function createFormMachine<TSchema extends z.ZodType<object, Values>>(config: {
  id: string;
  schema: TSchema;
  initialValues: z.input<TSchema>;
  defaultError: string;
}) {
  type TValues = z.input<TSchema>;
  type TField = keyof TValues & string;
  const fields = Object.keys(config.initialValues) as TField[];
  const allTouched = Object.fromEntries(fields.map((field) => [field, true])) as Partial<
    Record<TField, boolean>
  >;

  return setup({
    types: {
      context: {} as FormContext<TValues>,
      events: {} as FormEvent<TValues>,
      input: {} as Partial<TValues> | undefined,
      tags: {} as 'busy' | 'done',
    },
    actors: {
      submit: fromPromise<unknown, unknown>(async () => {
        throw new Error(`The ${config.id} form's submit actor must be provided`);
      }),
    },
    guards: {
      isValid: ({ context }) => config.schema.safeParse(context.values).success,
    },
    actions: {
      touchAll: assign({ touched: () => allTouched }),
    },
  }).createMachine({
    id: config.id,
    context: ({ input }) => ({
      values: { ...config.initialValues, ...input },
      touched: {},
      serverError: null,
      serverCode: null,
      serverFields: {},
      result: null,
    }),
    initial: 'editing',
    states: {
      editing: {
        on: {
          CHANGE: {
            actions: assign(({ context, event }) => {
              const { [event.field]: _changed, ...serverFields } = context.serverFields;
              return {
                values: { ...context.values, [event.field]: event.value },
                touched: { ...context.touched, [event.field]: true },
                serverFields,
              };
            }),
          },
          BLUR: {
            actions: assign({
              touched: ({ context, event }) => ({ ...context.touched, [event.field]: true }),
            }),
          },
          SUBMIT: [{ guard: 'isValid', target: 'submitting', actions: 'touchAll' }, { actions: 'touchAll' }],
        },
      },
      submitting: {
        tags: 'busy',
        entry: assign({ serverError: null, serverCode: null, serverFields: {} }),
        invoke: {
          src: 'submit',
          input: ({ context }: { context: FormContext<TValues> }): unknown =>
            config.schema.parse(context.values),
          onDone: { target: 'succeeded', actions: assign({ result: ({ event }) => event.output }) },
          onError: {
            target: 'editing',
            actions: [
              ({ event }) => logError(`${config.id} failed`, event.error),
              assign(({ event }) => {
                const error = event.error;
                return {
                  serverError: errorMessage(error, config.defaultError),
                  serverCode: error instanceof ApiError ? (error.code ?? null) : null,
                  serverFields: error instanceof ApiError ? error.fields : {},
                };
              }),
            ],
          },
        },
      },
      succeeded: { type: 'final', tags: 'done' },
    },
  });
}

export type FormMachine<TSchema extends z.ZodType<object, Values>> = ReturnType<
  typeof createFormMachine<TSchema>
>;
