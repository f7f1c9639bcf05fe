import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { isoDay } from '../../lib/format';
import { mockApi, testUser } from '../../test/api';
import { renderApp, warmRoutes } from '../../test/renderApp';

const weber = {
  id: 'c1',
  version: 2,
  archived: false,
  companyName: 'Weber Logistik',
  contactName: 'Jonas Weber',
  email: 'jonas@weber.example',
  ccEmails: [],
  address: { street: 'Hafenstraße 5', postCode: '20457', city: 'Hamburg', country: 'DE' },
  vatId: 'DE987654321',
  taxNumber: '',
  type: 'public_body',
  buyerReference: '04011000-12345-34',
  electronicAddress: '',
  language: 'de',
  currency: 'EUR',
  paymentTermsDays: 14,
  vatCategory: 'S',
  vatRate: 1900,
  notes: '',
  balances: [],
  lastInvoiceDate: null,
};
const item = (overrides: object) => ({
  id: 'i1',
  version: 1,
  name: 'Design hour',
  description: 'Design and development',
  unit: 'HUR',
  price: '85.00',
  priceMinor: 8500,
  currency: 'EUR',
  vatCategory: null,
  vatRate: null,
  ...overrides,
});

function api(clients: unknown[] = [weber]) {
  storeToken('jwt');
  return mockApi({
    'GET /auth/status': () => ({ body: { user: testUser } }),
    'GET /check-subscription': () => ({ body: { subscribed: true } }),
    'GET /settings': () => ({
      body: {
        Name: 'Anna Schmidt',
        DefaultDueDays: 30,
        Settings: {
          CompanyEmail: 'anna@schmidt.example',
          CompanyAddress: 'Torstraße 12, 10119 Berlin, Germany',
          CompanyName: 'Schmidt Design',
          DefaultCurrency: 'USD',
          UserCompanyVAT: null,
          LogoURL: null,
        },
      },
    }),
    'GET /invoices/next-number': () => ({ body: { number: 'RE-0001' } }),
    'GET /customers/suggestions': () => ({
      body: [
        {
          ID: 's1',
          Name: 'Jonas Weber',
          Email: 'jonas@weber.example',
          Address: 'Old line',
          CompanyName: 'Weber',
          CompanyVAT: null,
        },
        {
          ID: 's2',
          Name: 'Mia Weber',
          Email: 'mia@example.com',
          Address: '1 Road, Town',
          CompanyName: 'Mia Co',
          CompanyVAT: null,
        },
      ],
    }),
    'GET /settings/payment-methods': () => ({ body: { paymentMethods: [] } }),
    'GET /clients': () => ({ body: { clients } }),
    'POST /clients': (request) => ({
      status: 201,
      body: { client: { ...weber, ...(request.body as object), id: 'c9', version: 1 } },
    }),
    'GET /items': () => ({
      body: { items: [item({}), item({ id: 'i2', name: 'Design hour (US)', currency: 'USD' })] },
    }),
  });
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeAll(() => warmRoutes('/invoice/create'));

describe('clients and the catalogue in step 1 (issue 29, item 3)', () => {
  it('finds clients first, and picking one fills every field, the address, the e-invoice details and the terms', async () => {
    api();
    const user = userEvent.setup();
    renderApp('/invoice/create');
    await user.type(await screen.findByLabelText('Search existing customers'), 'Weber');
    const list = await screen.findByRole('list', { name: 'Customer suggestions' });
    const options = within(list).getAllByRole('button');
    // The client, then the one past customer who is not a client (the same e-mail shows once).
    expect(options.map((option) => option.textContent)).toEqual([
      'ClientWeber LogistikJonas Weber · jonas@weber.example',
      'Mia WeberMia Co · mia@example.com',
    ]);
    await user.click(options[0] as HTMLElement);
    expect(screen.getByLabelText('Customer name')).toHaveValue('Jonas Weber');
    expect(screen.getByLabelText('Customer email')).toHaveValue('jonas@weber.example');
    expect(screen.getByLabelText('Customer company name')).toHaveValue('Weber Logistik');
    expect(screen.getByLabelText('Customer VAT number (optional)')).toHaveValue('DE987654321');
    expect(screen.getByLabelText('Customer street and number')).toHaveValue('Hafenstraße 5');
    expect(screen.getByLabelText('Customer post code')).toHaveValue('20457');
    expect(screen.getByLabelText('Customer country')).toHaveValue('DE');
    expect(screen.getByLabelText('Currency')).toHaveValue('EUR');
    expect(screen.getByLabelText('Tax rate (%)')).toHaveValue('19');
    expect(screen.getByLabelText('Due date')).toHaveValue(isoDay(14));
    fireEvent.click(screen.getByText('E-invoice details'));
    expect(await screen.findByLabelText('Buyer reference or Leitweg-ID')).toHaveValue('04011000-12345-34');
    expect(screen.getByLabelText('Customer type')).toHaveValue('public_body');
    expect(screen.queryByRole('button', { name: 'Save as client' })).not.toBeInTheDocument();
  });

  it('adds a catalogue item as a line, takes 7.5 hours, and refuses an item in another currency', async () => {
    api();
    const user = userEvent.setup();
    renderApp('/invoice/create');
    await screen.findByLabelText('Customer name');
    type('Currency', 'EUR');
    await user.type(screen.getByLabelText('Add from catalogue'), 'Desi');
    const items = await screen.findByRole('list', { name: 'Catalogue items' });
    await user.click(within(items).getByRole('button', { name: /Design hour €85\.00/ }));
    const line = within(screen.getByRole('listitem', { name: 'Item 1' }));
    expect(line.getByLabelText('Description')).toHaveValue('Design and development');
    expect(line.getByLabelText('Unit')).toHaveValue('HUR');
    expect(line.getByLabelText('Unit price')).toHaveValue('85.00');
    fireEvent.change(line.getByLabelText('Quantity'), { target: { value: '7.5' } });
    fireEvent.blur(line.getByLabelText('Quantity'));
    expect(screen.getByLabelText('Totals')).toHaveTextContent('€637.50');
    expect(screen.queryByText('Quantity must be a whole number')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Add from catalogue'), 'Desi');
    const again = await screen.findByRole('list', { name: 'Catalogue items' });
    await user.click(within(again).getByRole('button', { name: /Design hour \(US\)/ }));
    expect(
      await screen.findByText(
        "Design hour (US) is priced in USD; this invoice is in EUR. Change the invoice's currency or the item's price.",
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('listitem', { name: /^Item \d$/ })).toHaveLength(1);
  });

  it('saves a typed customer as a client in one click, once for a double click', async () => {
    const { requests } = api([]);
    renderApp('/invoice/create');
    await screen.findByLabelText('Customer name');
    type('Customer name', 'Chloé Martin');
    type('Customer email', 'chloe@martin.example');
    type('Customer company name', 'Atelier Martin');
    type('Customer street and number', '12 rue de la Paix');
    type('Customer city', 'Paris');
    const save = await screen.findByRole('button', { name: 'Save as client' });
    await act(async () => {
      save.click();
      save.click();
    });
    expect(await screen.findByText('Saved as a client.')).toBeInTheDocument();
    const posts = requests.filter((request) => request.method === 'POST' && request.path === '/clients');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({
      companyName: 'Atelier Martin',
      contactName: 'Chloé Martin',
      email: 'chloe@martin.example',
      address: { street: '12 rue de la Paix', postCode: '', city: 'Paris', country: '' },
    });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Save as client' })).not.toBeInTheDocument(),
    );
  });
});
