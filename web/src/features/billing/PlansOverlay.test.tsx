import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { storeToken } from '../../api/session';
import { mockApi, testUser } from '../../test/api';
import { renderWithProviders } from '../../test/renderApp';
import { PlansOverlay } from '../invoices/PlansOverlay';
import { PENDING_INVOICE_KEY } from './pendingInvoice';
import { plans } from './testing';
import { browser } from './useCheckout';

/** As the wizard does: the invoice id is stored in an effect of the render that opens the overlay. */
function WizardAfterGeneration({ invoiceId }: { invoiceId: string }) {
  useEffect(() => sessionStorage.setItem(PENDING_INVOICE_KEY, invoiceId), [invoiceId]);
  return <PlansOverlay onClose={() => {}} />;
}

describe('plans overlay after generation (spec §4 After generation)', () => {
  it('offers to pay for the invoice just generated, next to the subscriptions', async () => {
    storeToken('jwt');
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const { requests } = mockApi({
      'GET /auth/status': () => ({ body: { user: testUser } }),
      'GET /check-subscription': () => ({ body: { subscribed: false } }),
      'GET /billing/plans': () => ({ body: plans }),
      'POST /create-checkout-session': () => ({
        body: { url: '/api/billing/sandbox/checkout/cs_5', sessionId: 'cs_5' },
      }),
    });
    renderWithProviders(
      createMemoryRouter([{ path: '/', element: <WizardAfterGeneration invoiceId="inv-new" /> }]),
    );
    const dialog = screen.getByRole('dialog', { name: 'Your invoice is ready — choose a plan' });
    expect(within(dialog).getByRole('button', { name: 'Subscribe monthly' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Subscribe yearly' })).toBeInTheDocument();
    await userEvent
      .setup()
      .click(await within(dialog).findByRole('button', { name: 'Pay for this invoice' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/api/billing/sandbox/checkout/cs_5'));
    expect(requests.find((request) => request.path === '/create-checkout-session')?.body).toEqual({
      priceId: 'price_invoice',
      isOneTime: true,
      invoiceId: 'inv-new',
    });
  });
});
