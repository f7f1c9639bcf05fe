// Runs isolated: once in a shared run its checkout-failed toast was missing beside the alert (load 21); the cause
// is not proven, so it keeps a fresh page until it is (D-540).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storeToken } from '../../api/session';
import { mockApi, testUser } from '../../test/api';
import { PENDING_INVOICE_KEY } from './pendingInvoice';
import { notifications, plans, renderStrictApp } from './testing';
import { browser } from './useCheckout';

type Answer = { status?: number; body?: unknown };

function api(subscribed: boolean, answers: Record<string, () => Answer> = {}) {
  storeToken('jwt');
  return mockApi({
    'GET /auth/status': () => ({ body: { user: testUser } }),
    'GET /check-subscription': () => ({ body: { subscribed } }),
    'GET /billing/plans': () => ({ body: plans }),
    ...answers,
  });
}

const plan = (name: string) => screen.getByRole('listitem', { name });
const checkouts = (requests: { path: string; body: unknown }[]) =>
  requests.filter((request) => request.path === '/create-checkout-session').map((request) => request.body);

describe('plans screen (spec §2, §9)', () => {
  it("shows the three plans with the spec's prices, badges and features", async () => {
    api(false);
    renderStrictApp('/subscription');
    await screen.findByRole('heading', { name: 'Plans', level: 1 });
    expect(plan('Pay per invoice')).toHaveTextContent('€3.99one-time');
    expect(plan('Pro Monthly')).toHaveTextContent('Most Popular');
    expect(plan('Pro Monthly')).toHaveTextContent('€9.99per month');
    expect(plan('Pro Yearly')).toHaveTextContent('Save 30%');
    expect(plan('Pro Yearly')).toHaveTextContent('€7.00per month, billed €83.99 yearly');
    const features = (name: string) =>
      within(screen.getByRole('list', { name: `${name} features` }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(features('Pay per invoice')).toEqual([
      'Single invoice generation',
      'No history',
      'No template selection',
      'No statistics',
    ]);
    expect(features('Pro Monthly')).toEqual([
      'Unlimited invoices',
      'Complete history',
      '10+ premium templates',
      'Email support',
      'Statistics and revenue overview',
    ]);
    expect(features('Pro Yearly')).toEqual([
      'All monthly features',
      '30% discount',
      'Priority email support',
    ]);
    // Without a generated invoice, one invoice is paid from the dashboard.
    expect(plan('Pay per invoice')).toHaveTextContent("use 'Pay Now' on that invoice on the dashboard");
    expect(within(plan('Pay per invoice')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('starts the monthly checkout with its price id and goes to the checkout page, the others waiting', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const { requests } = api(false, {
      'POST /create-checkout-session': () => ({
        body: { url: '/api/billing/sandbox/checkout/cs_1', sessionId: 'cs_1' },
      }),
    });
    renderStrictApp('/subscription');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Subscribe monthly' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/api/billing/sandbox/checkout/cs_1'));
    expect(checkouts(requests)).toEqual([{ priceId: 'price_monthly', planName: 'Pro Monthly' }]);
    expect(screen.getByRole('button', { name: 'Subscribe monthly' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Subscribe yearly' })).toBeDisabled();
  });

  it('buys the invoice the wizard just generated as a one-time payment', async () => {
    sessionStorage.setItem(PENDING_INVOICE_KEY, 'inv-7');
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const { requests } = api(false, {
      'POST /create-checkout-session': () => ({
        body: { url: '/api/billing/sandbox/checkout/cs_2', sessionId: 'cs_2' },
      }),
    });
    renderStrictApp('/subscription');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay for this invoice' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/api/billing/sandbox/checkout/cs_2'));
    expect(checkouts(requests)).toEqual([{ priceId: 'price_invoice', isOneTime: true, invoiceId: 'inv-7' }]);
  });

  it('says the checkout failed, on the page and as a toast, and lets the user try again', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    api(false, {
      'POST /create-checkout-session': () => ({ status: 502, body: { error: 'Provider down' } }),
    });
    const user = userEvent.setup();
    renderStrictApp('/subscription');
    await user.click(await screen.findByRole('button', { name: 'Subscribe yearly' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to initiate checkout. Please try again.',
    );
    expect(notifications().getByText('Failed to initiate checkout. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe yearly' })).toBeEnabled();
    expect(go).not.toHaveBeenCalled();
  });

  it('says when no checkout URL came back', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    api(false, { 'POST /create-checkout-session': () => ({ body: { url: '', sessionId: 'cs_3' } }) });
    renderStrictApp('/subscription');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Subscribe monthly' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No checkout URL received');
    expect(notifications().getByText('No checkout URL received')).toBeInTheDocument();
    expect(go).not.toHaveBeenCalled();
  });

  it('shows a subscriber their plan instead of buy buttons', async () => {
    api(true, {
      'GET /subscription': () => ({
        body: {
          subscription: {
            Status: 'active',
            PlanName: 'Pro',
            BillingCycle: 'yearly',
            TrialEnd: null,
            CurrentPeriodEnd: '2027-11-21T00:00:00.000Z',
            CancelAtPeriodEnd: false,
          },
        },
      }),
    });
    renderStrictApp('/subscription');
    expect(await screen.findByText('You are subscribed to Pro Yearly.')).toBeInTheDocument();
    expect(plan('Pro Yearly')).toHaveTextContent('Your plan');
    expect(screen.queryByRole('button', { name: /Subscribe|Pay for this invoice/ })).not.toBeInTheDocument();
  });
});
