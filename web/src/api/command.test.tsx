import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useCommand, useFormKey } from './command';

describe('useFormKey (one Idempotency-Key per filled form)', () => {
  it('keeps the key while the same values are sent, and renews it for new values or once answered', () => {
    const { result } = renderHook(() => useFormKey());
    const first = result.current.keyFor({ amount: '50' });
    expect(result.current.keyFor({ amount: '50' })).toBe(first);
    const changed = result.current.keyFor({ amount: '60' });
    expect(changed).not.toBe(first);
    result.current.answered();
    expect(result.current.keyFor({ amount: '60' })).not.toBe(changed);
  });
});

describe('useCommand', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      {children}
    </QueryClientProvider>
  );

  it('sends nothing while a command is under way, retries a failure with its key, renews it after success', async () => {
    const keys: string[] = [];
    let fail = true;
    const { result } = renderHook(
      () =>
        useCommand({
          send: async (_amount: string, key) => {
            keys.push(key);
            if (fail) throw new Error('unreachable');
            return 'ok';
          },
        }),
      { wrapper },
    );
    act(() => {
      result.current.run('50');
      result.current.run('50');
    });
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(keys).toHaveLength(1);
    fail = false;
    act(() => result.current.run('50'));
    await waitFor(() => expect(keys).toHaveLength(2));
    await waitFor(() => expect(result.current.busy).toBe(false));
    act(() => result.current.run('50'));
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});
