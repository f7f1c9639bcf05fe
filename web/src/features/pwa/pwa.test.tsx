import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { reportAnswer, reportNoAnswer } from '../../api/reachability';
import { pwaState } from '../../test/pwaRegister';
import { theme } from '../../theme/theme';
import { ToastProvider } from '../toasts/ToastProvider';
import { OfflineBanner } from './OfflineBanner';
import { UpdatePrompt } from './UpdatePrompt';

function renderWithTheme(children: ReactNode) {
  return render(
    <ThemeProvider theme={theme}>
      <ToastProvider>{children}</ToastProvider>
    </ThemeProvider>,
  );
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('PWA', () => {
  afterEach(() => {
    pwaState.needRefresh = false;
    pwaState.offlineReady = false;
    setOnline(true);
  });

  it("offers 'Update available — Reload' and reloads into the new version", async () => {
    pwaState.needRefresh = true;
    renderWithTheme(<UpdatePrompt />);
    expect(screen.getByText('Update available')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(pwaState.updateServiceWorker).toHaveBeenCalledWith(true);
  });

  it('can put the update off', async () => {
    pwaState.needRefresh = true;
    renderWithTheme(<UpdatePrompt />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText('Update available')).not.toBeInTheDocument();
  });

  it('says once that the app works offline', () => {
    pwaState.offlineReady = true;
    renderWithTheme(<UpdatePrompt />);
    expect(screen.getByText('Remit is ready to work offline.')).toBeInTheDocument();
  });

  it('shows the offline banner while the connection is gone', () => {
    renderWithTheme(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
    setOnline(false);
    expect(screen.getByTestId('offline-banner')).toHaveTextContent("You're offline.");
    expect(screen.getByTestId('offline-banner').closest('[aria-live]')).toHaveAttribute(
      'aria-live',
      'polite',
    );
    setOnline(true);
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
  });

  it("tells 'Can't reach the server' apart from 'You're offline', and clears when the server answers", () => {
    renderWithTheme(<OfflineBanner />);
    act(() => reportNoAnswer());
    expect(screen.getByTestId('offline-banner')).toHaveTextContent("Can't reach the server.");
    expect(screen.getByTestId('offline-banner')).not.toHaveTextContent("You're offline.");
    setOnline(false);
    expect(screen.getByTestId('offline-banner')).toHaveTextContent("You're offline.");
    setOnline(true);
    act(() => reportAnswer(503));
    expect(screen.getByTestId('offline-banner')).toHaveTextContent("Can't reach the server.");
    act(() => reportAnswer(200));
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
    // A refusal is an answer: the server is there.
    act(() => reportNoAnswer());
    act(() => reportAnswer(401));
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
  });
});
