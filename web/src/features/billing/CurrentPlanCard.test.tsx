import type { SubscriptionView } from '@remit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { storeToken } from '../../api/session';
import { mockApi, testUser } from '../../test/api';
import { renderWithProviders } from '../../test/renderApp';
import { CurrentPlanCard } from './CurrentPlanCard';

const proMonthly: SubscriptionView = {
  Status: 'active',
  PlanName: 'Pro',
  BillingCycle: 'monthly',
  TrialEnd: null,
  CurrentPeriodEnd: '2026-12-21T09:00:00.000Z',
  CancelAtPeriodEnd: false,
};

function renderCard(subscription: SubscriptionView | null, onChanged = vi.fn()) {
  const router = createMemoryRouter(
    [
      { path: '/profile', element: <CurrentPlanCard subscription={subscription} onChanged={onChanged} /> },
      { path: '/subscription', element: <h1>Plans</h1> },
    ],
    { initialEntries: ['/profile'] },
  );
  renderWithProviders(router);
  return { router, onChanged };
}

function api(answers: Record<string, () => { status?: number; body?: unknown }> = {}) {
  storeToken('jwt');
  return mockApi({
    'GET /auth/status': () => ({ body: { user: testUser } }),
    'GET /check-subscription': () => ({ body: { subscribed: true } }),
    ...answers,
  });
}

const card = () => screen.getByRole('region', { name: 'Current Plan' });

describe('Current Plan card (spec §2 Profile, §4 Subscription)', () => {
  it('invites a user without a subscription to the plans', async () => {
    api();
    const { router } = renderCard(null);
    expect(within(card()).getByRole('heading', { name: 'No Subscription' })).toBeInTheDocument();
    expect(card()).toHaveTextContent('Get started by subscribing to a plan.');
    expect(within(card()).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.setup().click(within(card()).getByRole('link', { name: 'View Plans' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
  });

  it('shows an active Pro plan with its period end and features, and cancels after the confirmation', async () => {
    const { requests } = api({
      'POST /subscriptions/cancel': () => ({
        body: { subscription: { ...proMonthly, CancelAtPeriodEnd: true }, position: '42' },
      }),
    });
    const user = userEvent.setup();
    const { onChanged } = renderCard(proMonthly);
    expect(within(card()).getByText('Pro')).toBeInTheDocument();
    expect(within(card()).getByText('Active')).toHaveAttribute('data-tone', 'success');
    expect(card()).toHaveTextContent('Current period endsDec 21, 2026');
    const features = within(within(card()).getByRole('list', { name: 'Plan features' })).getAllByRole(
      'listitem',
    );
    expect(features.map((item) => item.textContent)).toEqual([
      'Unlimited Invoices',
      'Premium Templates',
      'Priority Support',
      'Advanced Analytics',
    ]);

    await user.click(within(card()).getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Subscription' });
    expect(dialog).toHaveTextContent(
      "Are you sure you want to cancel your subscription? You'll still have access until the end of your billing period.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));

    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(requests.filter((request) => request.path === '/subscriptions/cancel')).toHaveLength(1);
    // The spy is called as the answer arrives; the card and the dialog show it on the render that follows.
    expect(await within(card()).findByRole('button', { name: 'Resume Subscription' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(card()).toHaveTextContent('Access untilDec 21, 2026');
    // The auth machine re-checks the subscribed flag, after our change.
    await waitFor(() => {
      const check = requests.filter((request) => request.path === '/check-subscription').at(-1);
      expect(check?.headers.get('X-Remit-Position')).toBe('42');
    });
  });

  it('keeps the subscription when the confirmation is dismissed', async () => {
    const { requests } = api();
    const user = userEvent.setup();
    const { onChanged } = renderCard(proMonthly);
    await user.click(within(card()).getByRole('button', { name: 'Cancel Subscription' }));
    await user.click(screen.getByRole('button', { name: 'Keep Subscription' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.some((request) => request.path === '/subscriptions/cancel')).toBe(false);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('offers Resume for a trial that ends at the period end, and says when resuming fails', async () => {
    api({ 'POST /subscriptions/resume': () => ({ status: 500, body: { error: 'Something went wrong' } }) });
    const user = userEvent.setup();
    const { onChanged } = renderCard({
      ...proMonthly,
      Status: 'trialing',
      TrialEnd: '2026-12-05T00:00:00.000Z',
      CancelAtPeriodEnd: true,
    });
    expect(within(card()).getByText('Trialing')).toHaveAttribute('data-tone', 'warning');
    expect(card()).toHaveTextContent('Trial endsDec 5, 2026');
    expect(within(card()).queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();

    await user.click(within(card()).getByRole('button', { name: 'Resume Subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Resume Subscription' });
    expect(dialog).toHaveTextContent('Are you sure you want to resume your subscription?');
    await user.click(within(dialog).getByRole('button', { name: 'Resume Subscription' }));

    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      'Failed to resume subscription. Please try again.',
    );
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('shows a canceled Basic plan in red with its features and no cancel or resume', async () => {
    api();
    renderCard({ ...proMonthly, Status: 'canceled', PlanName: 'Basic', BillingCycle: null });
    expect(within(card()).getByText('Canceled')).toHaveAttribute('data-tone', 'danger');
    expect(card()).toHaveTextContent('100 Invoices/month');
    expect(card()).toHaveTextContent('Basic Templates');
    expect(card()).toHaveTextContent('Email Support');
    expect(within(card()).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card()).getByRole('link', { name: 'View Plans' })).toBeInTheDocument();
  });

  it('cancels once for a double click on the confirmation (issue 34 item 1)', async () => {
    const { requests } = api({
      'POST /subscriptions/cancel': () => ({
        body: { subscription: { ...proMonthly, CancelAtPeriodEnd: true }, position: '42' },
      }),
    });
    const user = userEvent.setup();
    const { onChanged } = renderCard(proMonthly);
    await user.click(within(card()).getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Subscription' });
    await user.dblClick(within(dialog).getByRole('button', { name: 'Cancel Subscription' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    const cancels = requests.filter((request) => request.path === '/subscriptions/cancel');
    expect(cancels).toHaveLength(1);
    expect(cancels[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
