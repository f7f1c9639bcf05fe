import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { storeToken } from '../../api/session';
import { renderApp, warmRoutes } from '../../test/renderApp';
import { initials } from './initials';
import { api, bank, digital, openProfile, stats } from './testing';
import { ACTION_DEBOUNCE_MS } from './useDebouncedAction';

beforeAll(() => warmRoutes('/profile'));

/**
 * Puts `text` into an empty field as a paste: where the test is about what is sent or shown for a value, not about
 * typing it. Each typed key renders the whole page again, ~0.1 s a key on a busy machine (D-553).
 */
async function paste(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('initials (spec §2 Profile)', () => {
  it('takes the first letters of up to two words, in upper case', () => {
    expect(initials('charles babbage jr')).toBe('CB');
    expect(initials('  ada  ')).toBe('A');
    expect(initials('Élodie de la Tour')).toBe('ÉD');
    expect(initials('')).toBe('');
  });
});

describe('/profile (spec §2 Profile)', () => {
  it('waits with a full-screen spinner, then shows the profile with read-only name and email', async () => {
    api();
    storeToken('jwt');
    renderApp('/profile');
    expect(await screen.findByText('Loading your profile...')).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Profile', level: 1 });
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Email')).toBeDisabled();
    expect(screen.getByLabelText('Company')).toHaveValue('Engines Ltd');
    expect(screen.getByLabelText('Company VAT')).toHaveValue('GB-123456');
    expect(screen.getByRole('img', { name: 'No logo yet' })).toHaveTextContent('EL');
    expect(screen.getByRole('heading', { name: 'Current Plan' })).toBeInTheDocument();
  });

  it('shows a non-subscriber the three upgrade gates over hidden sample data', async () => {
    api({ subscribed: false });
    await openProfile();
    const gates = await screen.findAllByTestId('upgrade-gate');
    expect(gates).toHaveLength(3);
    for (const title of ['Access Recent Invoices', 'Access Quick Stats', 'Access Top Clients'])
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    for (const gate of gates) {
      expect(within(gate).getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute(
        'href',
        '/subscription',
      );
      // The sample figures are not read out and cannot be reached.
      expect(gate.firstElementChild).toHaveAttribute('aria-hidden', 'true');
      expect(within(gate).queryByRole('listitem')).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'View All Invoices' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No Subscription' })).toBeInTheDocument();
  });

  it('shows a subscriber the recent invoices, quick stats per currency and top clients', async () => {
    api();
    await openProfile();
    const invoices = await screen.findAllByTestId('recent-invoice');
    expect(invoices[0]).toHaveTextContent('INV-001');
    expect(invoices[0]).toHaveTextContent('Mar 5, 2026');
    expect(invoices[0]).toHaveTextContent('€1,234.56');
    expect(within(invoices[0] as HTMLElement).getByText('Paid')).toBeInTheDocument();
    expect(invoices[1]).toHaveTextContent('¥5,000');
    expect(invoices[1]).toHaveTextContent('Overdue');
    expect(screen.getByRole('link', { name: 'View All Invoices' })).toHaveAttribute('href', '/');

    expect(screen.getByTestId('stat-total-revenue')).toHaveTextContent('Total Revenue€1,234.56$99.00');
    expect(screen.getByTestId('stat-pending-payments')).toHaveTextContent('Pending Payments$0.00');
    // Spec §3: 'Active Clients' shows totalCustomers, not activeClients.
    expect(screen.getByTestId('stat-active-clients')).toHaveTextContent('Active Clients3');
    expect(screen.getByTestId('stat-total-invoices')).toHaveTextContent('Total Invoices7');

    const [client] = screen.getAllByTestId('top-client');
    expect(client).toHaveTextContent('CB');
    expect(client).toHaveTextContent('charles babbage jr');
    expect(client).toHaveTextContent('4 invoices');
    expect(client).toHaveTextContent('€2,500.00');
    expect(screen.queryByTestId('upgrade-gate')).not.toBeInTheDocument();
  });

  it('says so when there is nothing yet', async () => {
    api({
      recent: [],
      clients: [],
      stats: { ...stats, totalInvoices: 0, totalCustomers: 0, totalRevenue: [] },
    });
    await openProfile();
    expect(await screen.findByText('No invoices')).toBeInTheDocument();
    expect(screen.getByText('No stats available')).toBeInTheDocument();
    expect(screen.getByText('No clients yet')).toBeInTheDocument();
    expect(screen.getByText('No payment methods')).toBeInTheDocument();
    expect(screen.getByText('Add a payment method to start receiving payments.')).toBeInTheDocument();
  });

  it('toasts when the payment methods cannot be loaded', async () => {
    api({ methodsFail: true });
    await openProfile();
    expect(await screen.findByText('Failed to load payment methods')).toBeInTheDocument();
  });

  it('lists bank and digital methods with their details, default badge and active switch', async () => {
    api({ methods: [bank, digital] });
    await openProfile();
    const [first, second] = await screen.findAllByTestId('payment-method');
    const bankItem = within(first as HTMLElement);
    expect(bankItem.getByText('Bank Transfer')).toBeInTheDocument();
    expect(bankItem.getByText('Default')).toBeInTheDocument();
    expect(bankItem.getByText('Commerzbank')).toBeInTheDocument();
    expect(bankItem.getByText('DE89 3704 0044 0532 0130 00')).toBeInTheDocument();
    expect(bankItem.getByText('COBADEFFXXX')).toBeInTheDocument();
    expect(bankItem.getByRole('switch', { name: 'Business account active' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    const digitalItem = within(second as HTMLElement);
    expect(digitalItem.getByText('Digital')).toBeInTheDocument();
    expect(digitalItem.queryByText('Default')).not.toBeInTheDocument();
    const link = digitalItem.getByRole('link', { name: 'https://paypal.me/ada' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(digitalItem.getByText('Add the invoice number as the note')).toBeInTheDocument();
  });

  it('toggles a method once the clicks settle and says it was disabled', async () => {
    const { requests } = api({ methods: [bank] });
    const user = userEvent.setup();
    await openProfile();
    const toggle = await screen.findByRole('switch', { name: 'Business account active' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(await screen.findByText('Payment method disabled')).toBeInTheDocument();
    expect(requests.filter((request) => request.path.endsWith('/toggle'))).toHaveLength(1);
    // Two quick clicks cancel out: nothing is sent, even once the debounce has run out.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const quick = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await quick.click(toggle);
      await quick.click(toggle);
      await act(() => vi.advanceTimersByTimeAsync(ACTION_DEBOUNCE_MS * 2));
    } finally {
      vi.useRealTimers();
    }
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(requests.filter((request) => request.path.endsWith('/toggle'))).toHaveLength(1);
  });

  it('shows bank fields only for a bank transfer, link and instructions only for a digital method', async () => {
    api();
    const user = userEvent.setup();
    await openProfile();
    await user.click(await screen.findByRole('button', { name: 'Add Method' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add Payment Method' }));
    expect(dialog.queryByLabelText('Bank Name')).not.toBeInTheDocument();
    expect(dialog.queryByLabelText('Payment Link')).not.toBeInTheDocument();
    await user.selectOptions(dialog.getByLabelText('Type'), 'bank_transfer');
    expect(dialog.getByLabelText('Bank Name')).toBeInTheDocument();
    expect(dialog.getByLabelText('IBAN')).toBeInTheDocument();
    expect(dialog.getByLabelText('SWIFT')).toBeInTheDocument();
    expect(dialog.queryByLabelText('Payment Link')).not.toBeInTheDocument();
    expect(dialog.queryByLabelText('Instructions')).not.toBeInTheDocument();
    await user.selectOptions(dialog.getByLabelText('Type'), 'digital');
    expect(dialog.getByLabelText('Payment Link')).toHaveAttribute('type', 'url');
    expect(dialog.getByLabelText('Instructions')).toBeInTheDocument();
    expect(dialog.queryByLabelText('Bank Name')).not.toBeInTheDocument();
    expect(dialog.getByRole('checkbox', { name: 'Make default' })).not.toBeChecked();
  });

  it('shows the messages of touched fields and keeps Add Method disabled while invalid', async () => {
    api();
    const user = userEvent.setup();
    await openProfile();
    await user.click(await screen.findByRole('button', { name: 'Add Method' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add Payment Method' }));
    expect(dialog.queryByText('Name is required')).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Add Method' })).toBeDisabled();
    await user.click(dialog.getByLabelText('Name'));
    await user.tab();
    expect(dialog.getByText('Name is required')).toBeInTheDocument();
    await paste(user, dialog.getByLabelText('Name'), 'Savings');
    await user.selectOptions(dialog.getByLabelText('Type'), 'bank_transfer');
    await paste(user, dialog.getByLabelText('IBAN'), 'DE89 3704 0044 0532 0130 01');
    expect(dialog.getByText(/IBAN is not valid: its check digits do not match/)).toBeInTheDocument();
    await paste(user, dialog.getByLabelText('SWIFT'), 'COBA');
    expect(dialog.getByText(/SWIFT\/BIC must be 8 or 11 characters/)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Add Method' })).toBeDisabled();
    await user.selectOptions(dialog.getByLabelText('Type'), 'digital');
    await paste(user, dialog.getByLabelText('Payment Link'), 'http://pay.example');
    expect(dialog.getByText('Payment link must be a valid URL starting with https://')).toBeInTheDocument();
  });

  it('adds a method, toasts and lists it', async () => {
    const { requests } = api();
    const user = userEvent.setup();
    await openProfile();
    await user.click(await screen.findByRole('button', { name: 'Add Method' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add Payment Method' }));
    await paste(user, dialog.getByLabelText('Name'), 'Savings');
    await user.selectOptions(dialog.getByLabelText('Type'), 'bank_transfer');
    await paste(user, dialog.getByLabelText('IBAN'), 'de89 3704 0044 0532 0130 00');
    await user.click(dialog.getByRole('checkbox', { name: 'Make default' }));
    await user.click(dialog.getByRole('button', { name: 'Add Method' }));
    expect(await screen.findByText('Payment method added successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = requests.find((request) => request.method === 'POST')?.body;
    expect(sent).toMatchObject({
      name: 'Savings',
      type: 'bank_transfer',
      iban: 'DE89370400440532013000',
      isDefault: true,
    });
    expect(await screen.findByRole('heading', { name: 'Savings' })).toBeInTheDocument();
  });

  it('shows the server field messages at the fields and toasts the failure', async () => {
    api({
      onSave: () => ({
        status: 400,
        body: { error: 'Invalid payment method', fields: { name: 'A method with this name exists' } },
      }),
    });
    const user = userEvent.setup();
    await openProfile();
    await user.click(await screen.findByRole('button', { name: 'Add Method' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add Payment Method' }));
    await paste(user, dialog.getByLabelText('Name'), 'Savings');
    await user.selectOptions(dialog.getByLabelText('Type'), 'digital');
    await user.click(dialog.getByRole('button', { name: 'Add Method' }));
    expect(await screen.findByText('Failed to save payment method')).toBeInTheDocument();
    expect(dialog.getByText('A method with this name exists')).toBeInTheDocument();
    expect(dialog.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('opens Edit Payment Method pre-filled', async () => {
    api({ methods: [digital] });
    const user = userEvent.setup();
    await openProfile();
    await user.click(await screen.findByRole('button', { name: 'Edit PayPal' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Payment Method' }));
    expect(dialog.getByLabelText('Name')).toHaveValue('PayPal');
    expect(dialog.getByLabelText('Type')).toHaveValue('digital');
    expect(dialog.getByLabelText('Payment Link')).toHaveValue('https://paypal.me/ada');
    expect(dialog.getByRole('button', { name: 'Update Method' })).toBeEnabled();
  });

  it('upper-cases the VAT as typed, checks it, and updates the profile', async () => {
    const { requests } = api();
    const user = userEvent.setup();
    await openProfile();
    const vat = await screen.findByLabelText('Company VAT');
    await user.clear(vat);
    await user.type(vat, 'de1');
    expect(vat).toHaveValue('DE1');
    expect(
      screen.getByText('VAT number can only contain uppercase letters, numbers, and hyphens'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Profile' })).toBeDisabled();
    await user.type(vat, '23456789');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    const sent = requests.find((request) => request.method === 'PUT' && request.path === '/settings')?.body;
    expect(sent).toMatchObject({
      DefaultDueDays: 14,
      Settings: {
        UserCompanyVAT: 'DE123456789',
        CompanyName: 'Engines Ltd',
        CompanyEmail: 'billing@engines.example',
      },
    });
  });

  it("sends the company's e-invoice details: structured address with a country from the list, phone, tax number", async () => {
    const { requests } = api();
    const user = userEvent.setup();
    await openProfile();
    // The address on file from before addresses were structured shows whole in the street (issue 34, item 6).
    const street = await screen.findByLabelText('Street and number');
    expect(street).toHaveValue('12 Analytical Row, London');
    await user.clear(street);
    await user.paste('12 Analytical Row');
    await paste(user, screen.getByLabelText('Post code'), 'NW1 6XE');
    await paste(user, screen.getByLabelText('City'), 'London');
    await user.selectOptions(screen.getByLabelText('Country'), 'GB');
    await paste(user, screen.getByLabelText('Phone'), '+44 20 7946 0000');
    await paste(user, screen.getByLabelText('Tax number'), '123/456/789');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    const sent = requests.find((request) => request.method === 'PUT' && request.path === '/settings')?.body;
    expect(sent).toMatchObject({
      Settings: {
        CompanyAddress: '12 Analytical Row, NW1 6XE London, United Kingdom',
        CompanyPostalAddress: {
          lines: ['12 Analytical Row'],
          postCode: 'NW1 6XE',
          city: 'London',
          country: 'GB',
        },
        CompanyPhone: '+44 20 7946 0000',
        CompanyTaxNumber: '123/456/789',
      },
    });
  });

  it('asks for the company address once, and says the line’s messages under the street', async () => {
    api();
    const user = userEvent.setup();
    await openProfile();
    const street = await screen.findByLabelText('Street and number');
    expect(screen.queryByRole('textbox', { name: 'Company address' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Company address' })).toContainElement(street);
    await user.clear(street);
    await user.paste('A'.repeat(90));
    await paste(user, screen.getByLabelText('City'), 'Port Louis');
    await user.selectOptions(screen.getByLabelText('Country'), 'MU');
    expect(street).toHaveAccessibleDescription('Address must be between 5 and 100 characters');
    expect(screen.getByRole('button', { name: 'Update Profile' })).toBeDisabled();
    await user.clear(street);
    await user.paste('1 Royal Road');
    expect(street).not.toHaveAttribute('aria-invalid');
  });

  it('sends a new logo as multipart and shows why the server refused it', async () => {
    // jsdom has no object URLs; the preview only needs one.
    class PreviewURL extends URL {
      static override createObjectURL = () => 'blob:logo';
      static override revokeObjectURL = () => {};
    }
    vi.stubGlobal('URL', PreviewURL);
    const { fetchMock } = api({
      onProfileSave: () => ({
        status: 413,
        body: { error: 'The logo must be at most 2 MB', code: 'logo_too_large' },
      }),
    });
    const user = userEvent.setup();
    await openProfile();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload logo'), file);
    expect(screen.getByRole('img', { name: 'Company logo' })).toHaveAttribute('src', 'blob:logo');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Failed to update profile. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The logo must be at most 2 MB');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    const body = put?.[1]?.body as FormData;
    expect(body.get('logo')).toBeInstanceOf(File);
    expect(JSON.parse(String(body.get('settings')))).toMatchObject({
      Settings: { CompanyName: 'Engines Ltd' },
    });
  });

  it('removes the saved logo with removeLogo', async () => {
    const { requests } = api({ logoUrl: '/api/logos/abc' });
    const user = userEvent.setup();
    await openProfile();
    expect(screen.getByRole('img', { name: 'Company logo' })).toHaveAttribute('src', '/api/logos/abc');
    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(screen.getByRole('img', { name: 'No logo yet' })).toHaveTextContent('EL');
    await user.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({ removeLogo: true });
  });

  it('shows Reminders off by default, turns them on for chosen days by keyboard and saves them', async () => {
    const { requests } = api();
    const user = userEvent.setup();
    await openProfile();
    const card = within(await screen.findByRole('region', { name: 'Reminders' }));
    const toggle = await card.findByRole('switch', { name: 'Send payment reminders to customers' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(card.getByText('Off: customers get no automatic e\u2011mails from you.')).toBeInTheDocument();
    // Off: the days cannot be changed.
    expect(card.getByRole('checkbox', { name: '3 days before the due date' })).toBeDisabled();
    expect(card.getByRole('checkbox', { name: 'A customer first opens an invoice' })).toBeChecked();

    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    const before = card.getByRole('checkbox', { name: '3 days before the due date' });
    expect(before).toBeEnabled();
    await user.click(before);
    await user.click(card.getByRole('checkbox', { name: '30 days after the due date' }));
    await user.click(card.getByRole('checkbox', { name: 'An invoice becomes overdue' }));
    await user.click(card.getByRole('button', { name: 'Save reminders' }));
    expect(await screen.findByText('Reminder settings saved')).toBeInTheDocument();
    expect(
      requests.find((request) => request.method === 'PUT' && request.path === '/settings/reminders')?.body,
    ).toEqual({
      remindersEnabled: true,
      reminderOffsets: [0, 7, 14, 30],
      notifyOnFirstView: true,
      notifyOnOverdue: false,
    });
  });

  it('sets the document language new invoices are written in (issue 30)', async () => {
    const { requests } = api();
    const user = userEvent.setup();
    await openProfile();
    const card = within(await screen.findByRole('region', { name: 'Documents' }));
    const select = await card.findByRole('combobox', { name: 'Document language' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveValue('en');
    await user.selectOptions(select, 'Deutsch');
    expect(await screen.findByText('New invoices are written in Deutsch')).toBeInTheDocument();
    const puts = requests.filter(
      (request) => request.method === 'PUT' && request.path === '/settings/language',
    );
    expect(puts.map((request) => request.body)).toEqual([{ language: 'de' }]);
  });

  it('refuses reminders on with no day chosen, and shows what the server says', async () => {
    const { requests } = api({
      onRemindersSave: () => ({
        status: 400,
        body: { error: 'Choose at least one reminder, or turn reminders off' },
      }),
    });
    const user = userEvent.setup();
    await openProfile();
    const card = within(await screen.findByRole('region', { name: 'Reminders' }));
    await user.click(await card.findByRole('switch', { name: 'Send payment reminders to customers' }));
    for (const name of [
      '3 days before the due date',
      'On the due date',
      '7 days after the due date',
      '14 days after the due date',
    ]) {
      await user.click(card.getByRole('checkbox', { name }));
    }
    await user.click(card.getByRole('button', { name: 'Save reminders' }));
    expect(card.getByRole('alert')).toHaveTextContent('Choose at least one reminder, or turn reminders off');
    expect(
      requests.some((request) => request.path === '/settings/reminders' && request.method === 'PUT'),
    ).toBe(false);
    await user.click(card.getByRole('checkbox', { name: 'On the due date' }));
    await user.click(card.getByRole('button', { name: 'Save reminders' }));
    expect(await card.findByRole('alert')).toHaveTextContent(
      'Choose at least one reminder, or turn reminders off',
    );
    expect(
      requests.filter((request) => request.path === '/settings/reminders' && request.method === 'PUT'),
    ).toHaveLength(1);
  });
});

describe("/profile 'Document numbers' (issue 27)", () => {
  it('shows the next credit note number as it is typed, saves once on a double click, and shows a refusal on its field', async () => {
    const saves: unknown[] = [];
    api({
      onSeriesSave: (request) => {
        saves.push(request.body);
        return saves.length === 1
          ? {
              status: 422,
              body: {
                error: 'CN-0003 was given already: the next number must be 4 or higher',
                fields: { nextNumber: 'CN-0003 was given already: the next number must be 4 or higher' },
              },
            }
          : { body: { kind: 'credit_note', prefix: 'GS-', nextNumber: 10, next: 'GS-0010' } };
      },
    });
    await openProfile();
    const card = within(await screen.findByRole('region', { name: 'Document numbers' }));
    const form = within(card.getByRole('form', { name: 'Credit notes' }));
    expect(form.getByText('CN-0004')).toBeInTheDocument();
    expect(form.getByText('CN-0003')).toBeInTheDocument();
    const save = form.getByRole('button', { name: 'Save numbering' });
    expect(save).toBeDisabled();
    const user = userEvent.setup();
    const next = form.getByLabelText('Next number');
    await user.clear(next);
    await user.type(next, '2');
    expect(form.getByText('CN-0002')).toBeInTheDocument();
    await user.click(save);
    expect(
      await form.findByText('CN-0003 was given already: the next number must be 4 or higher'),
    ).toBeInTheDocument();
    expect(next).toHaveAttribute('aria-invalid', 'true');

    await user.clear(form.getByLabelText('Prefix'));
    await user.type(form.getByLabelText('Prefix'), 'GS-');
    await user.clear(next);
    await user.type(next, '10');
    expect(form.getByText('GS-0010')).toBeInTheDocument();
    await user.dblClick(save);
    expect(await screen.findByText('Credit notes: the next one will be GS-0010')).toBeInTheDocument();
    expect(saves).toEqual([
      { prefix: 'CN-', nextNumber: 2 },
      { prefix: 'GS-', nextNumber: 10 },
    ]);
  });

  it('says what is wrong with a prefix before sending it', async () => {
    const saves: unknown[] = [];
    api({
      onSeriesSave: (request) => {
        saves.push(request.body);
        return { body: {} };
      },
    });
    await openProfile();
    const form = within(await screen.findByRole('form', { name: 'Credit notes' }));
    const user = userEvent.setup();
    await user.type(form.getByLabelText('Prefix'), '<b>');
    expect(form.getByText('—')).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Save numbering' }));
    expect(
      form.getByText('The prefix can have at most 12 letters, digits and - _ / . #'),
    ).toBeInTheDocument();
    expect(saves).toEqual([]);
  });
});
