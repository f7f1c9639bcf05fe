import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { mockOneInvoice } from '../../test/invoicePreview';
import { renderApp, warmRoutes } from '../../test/renderApp';

// The lazy routes and the auth machine load once, before the first test's own time starts.
beforeAll(() => warmRoutes('/'));

describe("the dashboard row's dot and collection badge (issue 34 item 20)", () => {
  beforeAll(() => import('./DashboardPage'), 120_000);

  it("keeps the spec's 'Paid' dot, says what it is about, and sets the customer's side apart", async () => {
    storeToken('jwt');
    mockOneInvoice();
    renderApp('/');
    const [card] = await screen.findAllByTestId('invoice');
    const row = within(card as HTMLElement);
    // Subscribed: the spec's green dot and its word, named for what it means.
    const dot = row.getByRole('img', { name: 'Paid for: this invoice is unlocked in Remit' });
    expect(dot.parentElement).toHaveTextContent(/^Paid$/);
    expect(dot.parentElement).toHaveAttribute('title', 'Paid for: this invoice is unlocked in Remit');
    // The customer has not paid: that badge sits under its own 'Customer' label.
    const customer = row.getByRole('group', { name: 'Customer payment' });
    expect(customer).toHaveTextContent('CustomerOutstanding');
    expect(within(customer).getByTestId('collection-status')).toHaveTextContent('Outstanding');
  });
});
