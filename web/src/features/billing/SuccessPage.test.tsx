import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { mockApi, type RecordedRequest, testUser } from '../../test/api';
import { PENDING_INVOICE_KEY } from './pendingInvoice';
import { notifications, renderStrictApp } from './testing';

const proMonthly = {
  Status: 'active',
  PlanName: 'Pro',
  BillingCycle: 'monthly',
  TrialEnd: null,
  CurrentPeriodEnd: '2026-12-21T00:00:00.000Z',
  CancelAtPeriodEnd: false,
};

function api(answers: Record<string, (request: RecordedRequest) => { status?: number; body?: unknown }>) {
  storeToken('jwt');
  return mockApi({
    'GET /auth/status': () => ({ body: { user: testUser } }),
    'GET /check-subscription': () => ({ body: { subscribed: false } }),
    'GET /invoices': () => ({ body: { invoices: [], pagination: { total_pages: 1 } } }),
    ...answers,
  });
}

const posts = (requests: RecordedRequest[], path: string) =>
  requests.filter((request) => request.method === 'POST' && request.path === path);

describe('success screen (spec §2, §8)', () => {
  it('confirms a bought invoice once, with both toasts, and forgets the pending invoice', async () => {
    sessionStorage.setItem(PENDING_INVOICE_KEY, 'inv-2');
    const { requests } = api({
      'POST /confirm-one-time-payment': ({ body }) => ({
        body: {
          kind: 'invoice',
          invoiceId: (body as { invoiceId: string }).invoiceId,
          subscribed: false,
          subscription: null,
          position: '77',
        },
      }),
    });
    const { router } = renderStrictApp('/success?session_id=cs_inv&invoice_id=inv-2');
    expect(await screen.findByRole('heading', { name: 'Confirming your payment...' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment Confirmed!' })).toBeInTheDocument();
    expect(notifications().getByText('Payment confirmed successfully!')).toBeInTheDocument();
    expect(notifications().getByText('Invoice generated successfully!')).toBeInTheDocument();
    expect(posts(requests, '/confirm-one-time-payment').map((request) => request.body)).toEqual([
      { sessionId: 'cs_inv', invoiceId: 'inv-2' },
    ]);
    expect(sessionStorage.getItem(PENDING_INVOICE_KEY)).toBeNull();

    await userEvent.setup().click(screen.getByRole('link', { name: 'Go to Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // The dashboard's reads wait for the purchase the answer's position stands for.
    await waitFor(() => {
      const list = requests.filter((request) => request.path === '/invoices').at(-1);
      expect(list?.headers.get('X-Remit-Position')).toBe('77');
    });
    expect(posts(requests, '/confirm-one-time-payment')).toHaveLength(1);
  });

  it('confirms a subscription and re-checks the subscribed flag', async () => {
    const { requests } = api({
      'POST /confirm-subscription': () => ({
        body: {
          kind: 'subscription',
          invoiceId: null,
          subscribed: true,
          subscription: proMonthly,
          position: '90',
        },
      }),
    });
    renderStrictApp('/success?session_id=cs_sub');
    expect(
      await screen.findByRole('heading', { name: 'Confirming your subscription...' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Subscription Confirmed!' })).toBeInTheDocument();
    expect(notifications().getAllByText('Payment confirmed successfully!')).toHaveLength(1);
    expect(notifications().queryByText('Invoice generated successfully!')).not.toBeInTheDocument();
    expect(posts(requests, '/confirm-subscription').map((request) => request.body)).toEqual([
      { sessionId: 'cs_sub' },
    ]);
    await waitFor(() => {
      const check = requests.filter((request) => request.path === '/check-subscription').at(-1);
      expect(check?.headers.get('X-Remit-Position')).toBe('90');
    });
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/');
  });

  it('refuses a URL without session_id, with one toast', async () => {
    const { requests } = api({});
    renderStrictApp('/success?invoice_id=inv-2');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid URL parameters. Please try again or contact support.',
    );
    expect(await notifications().findByText('Invalid payment confirmation URL')).toBeInTheDocument();
    expect(notifications().getAllByText('Invalid payment confirmation URL')).toHaveLength(1);
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toBeInTheDocument();
  });

  it('says when the payment could not be confirmed', async () => {
    api({
      'POST /confirm-subscription': () => ({ status: 400, body: { error: 'This checkout is not paid' } }),
    });
    renderStrictApp('/success?session_id=cs_unpaid');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to confirm payment. Please contact our support team for assistance.',
    );
    expect(notifications().getAllByText('Failed to confirm payment')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toBeInTheDocument();
  });
});
