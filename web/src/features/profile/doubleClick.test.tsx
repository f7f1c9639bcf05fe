import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../test/api';
import { api, openProfile } from './testing';

const sent = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path);

// Issue 34 item 1: the profile's command buttons, double-clicked, reach the server once.
describe('a double click on a profile command sends it once', () => {
  // The page is a lazy route: transformed here, with time to spare on a busy machine, not in the first test.
  beforeAll(() => import('./ProfilePage'), 120_000);

  it('Add Method: one payment method', async () => {
    const { requests } = api();
    const user = userEvent.setup();
    await openProfile();
    await user.click(await screen.findByRole('button', { name: 'Add Method' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add Payment Method' }));
    // Pasted, not typed: each typed key renders the whole form again.
    await user.click(dialog.getByLabelText('Name'));
    await user.paste('Savings');
    await user.selectOptions(dialog.getByLabelText('Type'), 'bank_transfer');
    await user.click(dialog.getByLabelText('IBAN'));
    await user.paste('DE89370400440532013000');
    await user.dblClick(dialog.getByRole('button', { name: 'Add Method' }));
    // The dialog closes once the method is saved.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(requests, 'POST', '/settings/payment-methods')).toHaveLength(1);
  });

  it('Connect (online payments): one connection, then Disconnect: one', async () => {
    const { requests } = api();
    const user = userEvent.setup();
    await openProfile();
    await user.dblClick(await screen.findByRole('button', { name: 'Connect' }));
    expect(
      await screen.findByText('Connected: customers can pay by card through the built-in sandbox'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Test mode: no Stripe key is configured/)).toBeInTheDocument();
    await user.dblClick(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByRole('button', { name: 'Connect' })).toBeInTheDocument();
    expect(sent(requests, 'POST', '/online-payments/connect')).toHaveLength(1);
    expect(sent(requests, 'POST', '/online-payments/disconnect')).toHaveLength(1);
  });

  it('Update Profile: one update', async () => {
    const { requests } = api();
    const user = userEvent.setup();
    await openProfile();
    const company = await screen.findByLabelText('Company');
    await user.clear(company);
    await user.paste('Engines GmbH');
    await user.dblClick(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(sent(requests, 'PUT', '/settings')).toHaveLength(1);
  });

  it('Save reminders: one save', async () => {
    const { requests } = api();
    const user = userEvent.setup();
    await openProfile();
    const card = within(await screen.findByRole('region', { name: 'Reminders' }));
    await user.click(await card.findByRole('switch', { name: 'Send payment reminders to customers' }));
    await user.dblClick(card.getByRole('button', { name: 'Save reminders' }));
    expect(await screen.findByText('Reminder settings saved')).toBeInTheDocument();
    expect(sent(requests, 'PUT', '/settings/reminders')).toHaveLength(1);
  });
});
