import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { db } from '../../db/database';
import { listedInvoice } from '../../test/api';
import { mockOneInvoice, openCollection, openPreviewTab } from '../../test/invoicePreview';
import { renderApp, warmRoutes } from '../../test/renderApp';

// The lazy routes and the auth machine load once, before the first test's own time starts.
beforeAll(() => warmRoutes('/'));

/** The Payments tab of an open invoice in `currency`, its form, and the requests the app made. */
async function paymentForm(currency: string) {
  storeToken('jwt');
  const { requests } = mockOneInvoice({
    'GET /invoices': () => ({
      body: {
        invoices: [listedInvoice({ ID: 'inv-1', InvoiceNumber: 'INV-001', Currency: currency })],
        pagination: { page: 1, limit: 15, total: 1, total_pages: 1 },
      },
    }),
    'GET /invoices/inv-1': () => ({ body: { Collection: { ...openCollection, Balance: 500000 } } }),
    'POST /invoices/inv-1/payments': () => ({
      status: 201,
      body: {
        invoiceId: 'inv-1',
        total: 500000,
        currency,
        amountPaid: 42125,
        balance: 457875,
        voided: false,
        settled: false,
        paymentId: 'p1',
      },
    }),
  });
  const user = userEvent.setup();
  renderApp('/');
  await openPreviewTab(user, 'Payments');
  const form = await screen.findByRole('form', { name: 'Record a payment' });
  const amount = within(form).getByLabelText(/Amount/);
  const submit = () => user.click(within(form).getByRole('button', { name: 'Record payment' }));
  const posts = () => requests.filter((request) => request.method === 'POST');
  return { user, form, amount, submit, posts };
}

describe('the Payments form reads amounts by the invoice’s currency (issue 34, items 2 and 21)', () => {
  afterEach(() => db.outbox.clear());

  it('takes 42,125 in KWD and sends it as typed', async () => {
    const { user, amount, submit, posts } = await paymentForm('KWD');
    await user.type(amount, '42,125');
    expect(amount).not.toHaveAttribute('aria-invalid');
    await submit();
    await screen.findByText('Payment recorded');
    expect(posts()[0]?.body).toMatchObject({ amount: '42,125' });
  });

  it('says the currency’s count of decimals for 90.365 EUR and sends nothing', async () => {
    const { user, amount, submit, posts } = await paymentForm('EUR');
    await user.type(amount, '90.365');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(/The amount can have at most 2 decimals in EUR/);
    await submit();
    expect(posts()).toEqual([]);
  });

  it('refuses a date before 1 January of the year before the issue date, or after tomorrow', async () => {
    const { user, form, amount, submit, posts } = await paymentForm('EUR');
    await user.type(amount, '10');
    const date = within(form).getByLabelText(/Date/);
    // The listed invoice was issued on 2026-03-05.
    fireEvent.change(date, { target: { value: '1900-01-01' } });
    expect(date).toHaveAccessibleDescription('The payment date cannot be before 1 January 2025');
    fireEvent.change(date, { target: { value: '2099-01-01' } });
    expect(date).toHaveAccessibleDescription('The payment date cannot be later than tomorrow');
    await submit();
    expect(posts()).toEqual([]);
    fireEvent.change(date, { target: { value: '2025-01-01' } });
    expect(date).not.toHaveAttribute('aria-invalid');
  });
});
