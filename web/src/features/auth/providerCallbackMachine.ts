import type { AuthResult } from '@remit/contracts';
import { assign, fromPromise, setup } from 'xstate';

export interface ProviderCallbackInput {
  code: string | null;
  state: string | null;
}

/**
 * Spec §2 provider callback: 'Processing login...' while the code is exchanged; a missing code or
 * a failed exchange ends in `failed`, which the screen turns into a return to /login.
 */
export const providerCallbackMachine = setup({
  types: {
    input: {} as ProviderCallbackInput,
    context: {} as ProviderCallbackInput & { result: AuthResult | null; error: unknown },
  },
  actors: {
    complete: fromPromise<AuthResult, { code: string; state: string }>(async () => {
      throw new Error('The provider callback machine needs its complete actor');
    }),
  },
  guards: {
    hasCode: ({ context }) => Boolean(context.code),
  },
}).createMachine({
  id: 'providerCallback',
  context: ({ input }) => ({ ...input, result: null, error: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasCode', target: 'processing' }, { target: 'failed' }],
    },
    processing: {
      invoke: {
        src: 'complete',
        input: ({ context }) => ({ code: context.code ?? '', state: context.state ?? '' }),
        onDone: { target: 'succeeded', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
      },
    },
    succeeded: { type: 'final' },
    failed: { type: 'final' },
  },
});
