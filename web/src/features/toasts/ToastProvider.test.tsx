import { act, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../theme/theme';
import { ToastProvider, useToast } from './ToastProvider';

function Trigger({ message, tone }: { message: string; tone?: 'error' | 'success' }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast(message, { tone })}>
      show
    </button>
  );
}

function renderToasts(message: string, tone?: 'error' | 'success') {
  render(
    <ThemeProvider theme={theme}>
      <ToastProvider>
        <Trigger message={message} tone={tone} />
      </ToastProvider>
    </ThemeProvider>,
  );
  act(() => screen.getByRole('button', { name: 'show' }).click());
}

describe('toasts', () => {
  afterEach(() => vi.useRealTimers());

  it('announces a toast in a live region and removes it after 3 s', () => {
    vi.useFakeTimers();
    renderToasts('Profile updated successfully!', 'success');
    expect(screen.getByRole('status')).toHaveTextContent('Profile updated successfully!');
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.getByText('Profile updated successfully!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Profile updated successfully!')).not.toBeInTheDocument();
  });

  it('announces errors assertively', () => {
    renderToasts('Failed to load payment methods', 'error');
    expect(screen.getByText('Failed to load payment methods').closest('[aria-live]')).toHaveAttribute(
      'aria-live',
      'assertive',
    );
  });
});
