import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storeToken } from '../../api/session';
import { invoicePage, listedInvoice, mockApi, testUser } from '../../test/api';
import { notifications, plans, renderStrictApp } from './testing';
import { browser } from './useCheckout';

function invoice(index: number, locked: boolean, status: 'Draft' | 'paid' = 'Draft') {
  return listedInvoice({ ID: `inv-${index}`, InvoiceNumber: `INV-00${index}`, Status: status, locked });
}

function api(checkout: () => { status?: number; body?: unknown }) {
  storeToken('jwt');
  return mockApi({
    'GET /auth/status': () => ({ body: { user: testUser } }),
    'GET /check-subscription': () => ({ body: { subscribed: false } }),
    'GET /billing/plans': () => ({ body: plans }),
    'GET /invoices': () => ({
      body: invoicePage([invoice(1, false), invoice(2, true), invoice(3, false, 'paid'), invoice(4, true)]),
    }),
    'POST /create-checkout-session': checkout,
  });
}

const row = (number: string) =>
  screen.getAllByTestId('invoice').find((item) => item.textContent?.includes(number)) as HTMLElement;

describe('dashboard Pay Now (spec §2 Dashboard, §8)', () => {
  it('starts the one-time checkout of that invoice and goes to the checkout page', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const { requests } = api(() => ({
      body: { url: '/api/billing/sandbox/checkout/cs_9', sessionId: 'cs_9' },
    }));
    renderStrictApp('/');
    await screen.findAllByTestId('invoice');
    // A bought invoice is open and Paid, with nothing to pay.
    expect(row('INV-003')).toHaveTextContent('Paid');
    expect(within(row('INV-003')).queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    // The first invoice of page 1 is open for free: paying would open nothing (issue 16).
    expect(row('INV-001')).toHaveTextContent('Pending');
    expect(within(row('INV-001')).queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();

    await userEvent.setup().click(within(row('INV-002')).getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/api/billing/sandbox/checkout/cs_9'));
    expect(
      requests.filter((request) => request.path === '/create-checkout-session').map((r) => r.body),
    ).toEqual([{ priceId: 'price_invoice', isOneTime: true, invoiceId: 'inv-2' }]);
    expect(within(row('INV-002')).getByRole('button', { name: 'Pay Now' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(within(row('INV-004')).getByRole('button', { name: 'Pay Now' })).toBeDisabled();
  });

  it('says when the payment could not start', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    api(() => ({ status: 500, body: { error: 'Something went wrong' } }));
    renderStrictApp('/');
    await screen.findAllByTestId('invoice');
    await userEvent.setup().click(within(row('INV-004')).getByRole('button', { name: 'Pay Now' }));
    expect(
      await notifications().findByText('Failed to initiate payment. Please try again.'),
    ).toBeInTheDocument();
    expect(within(row('INV-004')).getByRole('button', { name: 'Pay Now' })).toBeEnabled();
    expect(go).not.toHaveBeenCalled();
  });
});
