import { useMachine } from '@xstate/react';
import type { FormEvent, KeyboardEvent } from 'react';
import type { z } from 'zod';
import { type FormMachine, validate } from './formMachine';

type Values = Record<string, string>;

export interface FieldProps {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
}

/**
 * Binds a form machine to inputs: `field(name)` gives an input its value, handlers and the error to
 * show; `canSubmit` is false while busy or invalid (spec §4).
 */
export function useForm<TSchema extends z.ZodType<object, Values>>(
  machine: FormMachine<TSchema>,
  schema: TSchema,
  input?: Partial<z.input<TSchema>>,
) {
  const [state, send] = useMachine(machine, { input });
  const { context } = state;
  const errors = validate(schema, context.values);
  const isBusy = state.hasTag('busy');
  const isValid = Object.keys(errors).length === 0;

  const field = (name: keyof z.input<TSchema> & string): FieldProps => ({
    name,
    value: context.values[name] ?? '',
    error: context.touched[name] ? (context.serverFields[name] ?? errors[name]) : undefined,
    onChange: (event) => send({ type: 'CHANGE', field: name, value: event.target.value }),
    onBlur: () => send({ type: 'BLUR', field: name }),
  });

  /** A message of the schema's output (such as a line made from several inputs), shown once one of them is touched. */
  const messageOf = (path: string, inputs: ReadonlyArray<keyof z.input<TSchema> & string>) =>
    inputs.some((name) => context.touched[name]) ? (context.serverFields[path] ?? errors[path]) : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'SUBMIT' });
  };

  // The submit button is disabled while the form is invalid, which also blocks submitting with
  // Enter; pressing Enter still counts as a submit attempt and reveals every message.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    if (isValid && !isBusy) return;
    event.preventDefault();
    if (!isBusy) send({ type: 'SUBMIT' });
  };

  return {
    values: context.values,
    result: context.result,
    serverError: context.serverError,
    serverCode: context.serverCode,
    isBusy,
    isValid,
    isDone: state.hasTag('done'),
    canSubmit: isValid && !isBusy,
    field,
    messageOf,
    formProps: { onSubmit, onKeyDown, noValidate: true },
  };
}
