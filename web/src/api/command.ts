import { useMutation } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { newIdempotencyKey } from './client';

export interface CommandOptions<Variables, Answer> {
  /** Sends the command with the key of the filled form it came from. */
  send: (variables: Variables, idempotencyKey: string) => Promise<Answer>;
  onSuccess?: (answer: Answer, variables: Variables) => unknown;
  onError?: (error: Error, variables: Variables) => unknown;
}

/**
 * The Idempotency-Key of a filled form (STYLE habit 15): `keyFor(values)` gives the same key while the same
 * values are sent again (a double click, a retry after a failure or a timeout) and a new one once they changed;
 * `answered()` after the server took the command, so the next filling is a new command.
 */
export function useFormKey() {
  const form = useRef<{ values: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(values: unknown): string {
        const filled = JSON.stringify(values ?? null);
        if (form.current?.values !== filled) form.current = { values: filled, key: newIdempotencyKey() };
        return form.current.key;
      },
      answered() {
        form.current = null;
      },
    }),
    [],
  );
}

/**
 * A command sent from a form or a button (STYLE habit 15): one Idempotency-Key per filled form, kept while the
 * same values are sent again (a double click, a retry after a failure) and renewed once the server answered
 * (the next payment is a new one) or the values changed. While one is under way, `run` does nothing, so a
 * second press never becomes a second request even before the screen shows the button busy.
 */
export function useCommand<Variables = void, Answer = unknown>({
  send,
  onSuccess,
  onError,
}: CommandOptions<Variables, Answer>) {
  const formKey = useFormKey();
  const underWay = useRef(false);
  const mutation = useMutation({
    mutationFn: (variables: Variables) => send(variables, formKey.keyFor(variables)),
    onSuccess: (answer, variables) => {
      formKey.answered();
      return onSuccess?.(answer, variables);
    },
    onError: (error, variables) => onError?.(error, variables),
    onSettled: () => {
      underWay.current = false;
    },
  });
  const run = (variables: Variables) => {
    if (underWay.current) return;
    underWay.current = true;
    mutation.mutate(variables);
  };
  return {
    run,
    busy: mutation.isPending,
    /** What the command is being sent with, while it is. */
    pending: mutation.isPending ? mutation.variables : undefined,
    error: mutation.error,
    /** What the last command was sent with (with `error`: what failed). */
    variables: mutation.variables,
    reset: mutation.reset,
  };
}
