import type { BankTransaction } from '@remit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoicePage, listedInvoice, mockApi, testUser } from '../../test/api';
import { warmRoutes } from '../../test/renderApp';
import { openAt } from '../clients/testing';

beforeAll(() => warmRoutes('/bank'), 120_000);

const partial: BankTransaction = {
  id: 't1',
  statementDate: '2026-11-27',
  bookingDate: '2026-11-27',
  entryReference: '20261127000009',
  amount: 45000,
  currency: 'EUR',
  payerName: 'Müller GmbH',
  remittance: 'RE INV-2026-0009 Teil 1',
  state: 'suggested',
  remaining: 45000,
  suggestions: [
    { invoiceId: 'inv-9', number: 'INV-2026-0009', amount: 45000, currency: 'EUR', reason: 'partial' },
  ],
  matches: [],
};

function api(transactions: BankTransaction[] = [partial], options: { listFails?: boolean } = {}) {
  return mockApi({
    'GET /auth/status': () => ({ body: { user: testUser } }),
    'GET /check-subscription': () => ({ body: { subscribed: true } }),
    'GET /bank-transactions': () =>
      options.listFails ? { status: 500, body: { error: 'boom' } } : { body: { transactions } },
    'GET /bank-csv-mapping': () => ({ body: { mapping: null } }),
    'GET /invoices': () => ({
      body: invoicePage([
        listedInvoice({
          ID: 'inv-20',
          InvoiceNumber: 'INV-2026-0020',
          CollectionStatus: 'outstanding',
          Balance: 30000,
        }),
        listedInvoice({
          ID: 'inv-21',
          InvoiceNumber: 'INV-2026-0021',
          CustomerCompanyName: 'Tōkyō Shōkai',
          Currency: 'USD',
          CollectionStatus: 'outstanding',
          Balance: 5000,
        }),
        listedInvoice({ ID: 'inv-22', InvoiceNumber: 'INV-2026-0022', CollectionStatus: 'paid', Balance: 0 }),
      ]),
    }),
    'POST /bank-transactions/t1/match': () => ({ body: { id: 't1', remaining: 0, position: '12' } }),
    'POST /bank-transactions/t1/ignore': () => ({ body: { id: 't1', ignored: true, position: '13' } }),
    'PUT /bank-csv-mapping': (request) => ({ body: { mapping: request.body } }),
    'POST /bank-statements': () => ({
      status: 400,
      body: {
        error: 'Line 14, element Ntry/Amt: "1.000,00" is not an amount',
        fields: { file: 'Line 14, element Ntry/Amt: "1.000,00" is not an amount' },
      },
    }),
  });
}

describe('/bank', () => {
  it('lists the credits to confirm with why, and confirms one once on a double click', async () => {
    const { requests } = api();
    const user = userEvent.setup();
    await openAt('/bank', 'Bank');
    const list = within(await screen.findByRole('list', { name: 'To confirm transactions' }));
    expect(list.getByRole('heading', { name: 'Müller GmbH' })).toBeInTheDocument();
    expect(list.getByText('Pays part of the balance')).toBeInTheDocument();
    await user.dblClick(list.getByRole('button', { name: 'Match €450.00 to invoice INV-2026-0009' }));
    expect(await screen.findByText('Payment recorded on invoice INV-2026-0009')).toBeInTheDocument();
    const matches = requests.filter(
      (request) => request.method === 'POST' && request.path === '/bank-transactions/t1/match',
    );
    expect(matches).toHaveLength(1);
    expect(matches[0]?.body).toEqual({ invoiceId: 'inv-9', amount: 45000 });
  });

  it('says what is wrong with a statement it could not read, by line and element', async () => {
    api([]);
    const user = userEvent.setup();
    await openAt('/bank', 'Bank');
    expect(await screen.findByRole('heading', { name: 'To confirm: none' })).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Import statement'), new File(['<Document/>'], 'statement.xml'));
    expect(
      await screen.findByText('Line 14, element Ntry/Amt: "1.000,00" is not an amount'),
    ).toBeInTheDocument();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    api([], { listFails: true });
    await openAt('/bank', 'Bank');
    expect(await screen.findByText(/Your bank transactions could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('saves the CSV columns once, checking them first', async () => {
    const { requests } = api([]);
    const user = userEvent.setup();
    await openAt('/bank', 'Bank');
    await user.click(screen.getByRole('button', { name: 'CSV columns' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'CSV columns' }));
    await user.clear(dialog.getByLabelText('Default currency'));
    await user.type(dialog.getByLabelText('Default currency'), 'euro');
    await user.click(dialog.getByRole('button', { name: 'Save columns' }));
    expect(await dialog.findByText('A three-letter currency code such as EUR')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Default currency'));
    await user.type(dialog.getByLabelText('Default currency'), 'EUR');
    await user.selectOptions(dialog.getByLabelText('Decimal separator'), ',');
    await user.dblClick(dialog.getByRole('button', { name: 'Save columns' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const saves = requests.filter(
      (request) => request.method === 'PUT' && request.path === '/bank-csv-mapping',
    );
    expect(saves).toHaveLength(1);
    expect(saves[0]?.body).toMatchObject({
      date: 'Date',
      amount: 'Amount',
      decimalSeparator: ',',
      defaultCurrency: 'EUR',
    });
  });

  it('matches a credit to any open invoice chosen with the keyboard, for the amount typed, once', async () => {
    const { requests } = api();
    const user = userEvent.setup();
    await openAt('/bank', 'Bank');
    await user.click(
      await screen.findByRole('button', { name: 'Match the transfer from Müller GmbH to an invoice' }),
    );
    const search = await screen.findByRole('combobox', { name: 'Find an open invoice' });
    await user.type(search, 'INV');
    const options = within(await screen.findByRole('listbox', { name: 'Open invoices' }));
    // A paid invoice is not offered; one in another currency is shown but cannot be chosen.
    expect(options.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'INV-2026-0020Difference Works€300.00 due',
      "INV-2026-0021Tōkyō ShōkaiIn USD: not this transfer's currency",
    ]);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.queryByLabelText('Amount (USD)')).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    const amount = await screen.findByLabelText('Amount (EUR)');
    expect(amount).toHaveValue('300.00');
    await user.clear(amount);
    await user.type(amount, '1.2.3');
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    await user.clear(amount);
    await user.type(amount, '123,45');
    await user.dblClick(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Payment recorded on invoice INV-2026-0020')).toBeInTheDocument();
    const matches = requests.filter(
      (request) => request.method === 'POST' && request.path === '/bank-transactions/t1/match',
    );
    expect(matches.map((request) => request.body)).toEqual([{ invoiceId: 'inv-20', amount: 12345 }]);
  });
});
