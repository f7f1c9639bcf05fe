import { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../App';
import { createTestRouter } from '../../test/renderApp';

/** The whole app at `path` under StrictMode, as main.tsx runs it (effects run twice). */
export function renderStrictApp(path: string) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  const router = createTestRouter(path);
  render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { router, queryClient };
}

export const notifications = () => within(screen.getByRole('region', { name: 'Notifications' }));

export const plans = {
  provider: 'sandbox',
  plans: [
    {
      id: 'per-invoice',
      name: 'Pay per invoice',
      priceId: 'price_invoice',
      amount: 399,
      currency: 'EUR',
      interval: null,
    },
    {
      id: 'pro-monthly',
      name: 'Pro Monthly',
      priceId: 'price_monthly',
      amount: 999,
      currency: 'EUR',
      interval: 'month',
    },
    {
      id: 'pro-yearly',
      name: 'Pro Yearly',
      priceId: 'price_yearly',
      amount: 8399,
      currency: 'EUR',
      interval: 'year',
    },
  ],
};
