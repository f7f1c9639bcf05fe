import { billingOffMessage, type SubscriptionView } from '@remit/contracts';
import { screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { mockApi, testUser } from '../../test/api';
import { renderWithProviders } from '../../test/renderApp';
import { CurrentPlanCard } from './CurrentPlanCard';
import { renderStrictApp } from './testing';

/** What every account has on a server with `BILLING=off` (issue 34, item 22). */
const everyAccount: SubscriptionView = {
  Status: 'active',
  PlanName: 'Pro',
  BillingCycle: null,
  TrialEnd: null,
  CurrentPeriodEnd: null,
  CancelAtPeriodEnd: false,
};

function api() {
  storeToken('jwt');
  return mockApi({
    'GET /auth/status': () => ({ body: { user: testUser } }),
    'GET /check-subscription': () => ({ body: { subscribed: true } }),
    'GET /subscription': () => ({ body: { subscription: everyAccount } }),
    'GET /billing/plans': () => ({ body: { billing: 'off', provider: 'sandbox', plans: [] } }),
  });
}

describe('a server with billing off (BILLING=off)', () => {
  it('the plans screen says billing is off and offers nothing to buy', async () => {
    const { requests } = api();
    renderStrictApp('/subscription');
    expect(await screen.findByText(billingOffMessage)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Plans' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /subscribe|pay|buy/i })).not.toBeInTheDocument();
    expect(screen.queryByText(/You are subscribed/)).not.toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it("the profile's plan card says billing is off, with nothing to cancel or upgrade", async () => {
    api();
    const router = createMemoryRouter(
      [{ path: '/profile', element: <CurrentPlanCard subscription={everyAccount} onChanged={() => {}} /> }],
      { initialEntries: ['/profile'] },
    );
    renderWithProviders(router);
    const card = screen.getByRole('region', { name: 'Current Plan' });
    expect(await within(card).findByText(billingOffMessage)).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'View Plans' })).not.toBeInTheDocument();
  });
});
