import type { PaymentMethod } from '@remit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { db } from '../../db/database';
import { mockApi, testUser } from '../../test/api';
import { renderApp, warmRoutes } from '../../test/renderApp';

function method(
  overrides: Partial<PaymentMethod> & Pick<PaymentMethod, 'ID' | 'Name' | 'Type'>,
): PaymentMethod {
  return {
    IsDefault: false,
    IsActive: true,
    BankName: '',
    AccountNumber: '',
    IBAN: '',
    SWIFT: '',
    PaymentLink: '',
    Instructions: '',
    ...overrides,
  };
}

const bank = method({
  ID: 'pm-bank',
  Name: 'Commerzbank',
  Type: 'bank_transfer',
  IsDefault: true,
  BankName: 'Commerzbank',
  IBAN: 'DE89370400440532013000',
  SWIFT: 'COBADEFFXXX',
});
const link = method({
  ID: 'pm-link',
  Name: 'Pay online',
  Type: 'digital',
  PaymentLink: 'https://pay.example.com/grace',
});
const disabled = method({ ID: 'pm-old', Name: 'Old account', Type: 'bank_transfer', IsActive: false });

function api(paymentMethods: PaymentMethod[]) {
  return mockApi({
    'GET /auth/status': () => ({ body: { user: testUser } }),
    'GET /check-subscription': () => ({ body: { subscribed: true } }),
    'GET /settings': () => ({ body: { Name: 'Ada Lovelace', DefaultDueDays: 14, Settings: {} } }),
    'GET /invoices/next-number': () => ({ body: { number: 'INV-0007' } }),
    'GET /settings/payment-methods': () => ({ body: { paymentMethods } }),
  });
}

async function openForm(paymentMethods: PaymentMethod[], path = '/invoice/create') {
  storeToken('jwt');
  api(paymentMethods);
  const view = renderApp(path);
  const select = (await screen.findByLabelText('Payment method')) as HTMLSelectElement;
  return Object.assign(select, { unmount: view.unmount });
}

function optionNames(select: HTMLSelectElement): string[] {
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

afterEach(async () => {
  await db.drafts.clear();
});

beforeAll(() => warmRoutes('/invoice/create'));

describe('payment method select of the invoice form (spec §3, issue 7)', () => {
  it('pre-selects the default method for a new invoice and shows its bank icon and details', async () => {
    const select = await openForm([bank, link]);
    await waitFor(() => expect(select).toHaveValue('pm-bank'));
    expect(screen.getByRole('img', { name: 'Bank transfer' })).toBeInTheDocument();
    expect(
      screen.getByText('Commerzbank · IBAN DE89 3704 0044 0532 0130 00 · SWIFT COBADEFFXXX'),
    ).toBeVisible();
  });

  it('offers only active methods and None, each named with its type', async () => {
    const select = await openForm([bank, disabled, link]);
    await waitFor(() => expect(select).not.toBeDisabled());
    expect(optionNames(select)).toEqual([
      'None',
      'Commerzbank — Bank transfer (default)',
      'Pay online — Payment link',
    ]);
    expect(screen.queryByRole('option', { name: /Old account/ })).not.toBeInTheDocument();
  });

  it('shows a link icon for a digital method and no icon for None', async () => {
    const user = userEvent.setup();
    const select = await openForm([bank, link]);
    await waitFor(() => expect(select).toHaveValue('pm-bank'));
    await user.selectOptions(select, 'Pay online — Payment link');
    expect(select).toHaveValue('pm-link');
    expect(screen.getByRole('img', { name: 'Payment link' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Bank transfer' })).not.toBeInTheDocument();
    expect(screen.getByText('https://pay.example.com/grace')).toBeVisible();
    await user.selectOptions(select, 'None');
    expect(select).toHaveValue('');
    expect(screen.queryByRole('img', { name: /Bank transfer|Payment link/ })).not.toBeInTheDocument();
  });

  it('starts with None when no method is the default', async () => {
    const select = await openForm([{ ...bank, IsDefault: false }, link]);
    await waitFor(() => expect(select).not.toBeDisabled());
    expect(select).toHaveValue('');
  });

  it('links to the profile when the user has no active method', async () => {
    storeToken('jwt');
    api([disabled]);
    renderApp('/invoice/create');
    const add = await screen.findByRole('link', { name: 'Add a payment method' });
    expect(add).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('combobox', { name: 'Payment method' })).not.toBeInTheDocument();
  });

  it('keeps the chosen method in the autosaved draft and restores it on resume', async () => {
    const user = userEvent.setup();
    const select = await openForm([bank, link]);
    await waitFor(() => expect(select).toHaveValue('pm-bank'));
    await user.selectOptions(select, 'pm-link');
    await waitFor(
      async () => {
        const [draft] = await db.drafts.toArray();
        const data = draft?.data as { form: { paymentMethodId: unknown } } | undefined;
        expect(data?.form.paymentMethodId).toBe('pm-link');
      },
      { timeout: 3000 },
    );
    const [draft] = await db.drafts.toArray();
    select.unmount();
    const resumed = await openForm([bank, link], `/invoice/create?draft=${draft?.id}`);
    await waitFor(() => expect(resumed).toHaveValue('pm-link'));
  });

  it('drops a method that was disabled since the draft was saved', async () => {
    await db.drafts.put({
      id: 'draft-1',
      userId: testUser.id,
      kind: 'invoice',
      updatedAt: Date.now(),
      data: {
        form: {
          userName: 'Ada Lovelace',
          currency: 'EUR',
          issueDate: '2026-01-01',
          dueDate: '2026-01-15',
          items: [{ description: '', quantity: 1, unitPrice: 0 }],
          paymentMethodId: 'pm-old',
        },
        logo: null,
      },
    });
    const select = await openForm([bank, disabled], '/invoice/create?draft=draft-1');
    await waitFor(() => expect(select).not.toBeDisabled());
    expect(select).toHaveValue('');
    expect(optionNames(select)).not.toContain('Old account — Bank transfer');
    // The form itself lets go of it, so Generate does not send a method the server refuses.
    await waitFor(
      async () => {
        const draft = await db.drafts.get('draft-1');
        const data = draft?.data as { form: { paymentMethodId: unknown } } | undefined;
        expect(data?.form.paymentMethodId).toBeNull();
      },
      { timeout: 3000 },
    );
  });
});
