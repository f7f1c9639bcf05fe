import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { mockApi, testUser } from '../../test/api';
import { renderApp, warmRoutes } from '../../test/renderApp';

const legacyCompany = {
  CompanyEmail: 'billing@analytical.example',
  CompanyAddress: '1 Main Street, London',
  CompanyName: 'Analytical Ltd',
  DefaultCurrency: 'EUR',
  UserCompanyVAT: null,
  LogoURL: null,
};
const structuredCompany = {
  ...legacyCompany,
  CompanyAddress: 'Torstraße 12, 10119 Berlin, Germany',
  CompanyPostalAddress: {
    lines: ['Torstraße 12'],
    postCode: '10119',
    city: 'Berlin',
    region: '',
    country: 'DE',
  },
};

function api(company: object) {
  storeToken('jwt');
  return mockApi({
    'GET /auth/status': () => ({ body: { user: testUser } }),
    'GET /check-subscription': () => ({ body: { subscribed: true } }),
    'GET /settings': () => ({ body: { Name: 'Ada Lovelace', DefaultDueDays: 14, Settings: company } }),
    'GET /invoices/next-number': () => ({ body: { number: 'INV-0007' } }),
    'GET /customers/suggestions': () => ({ body: [] }),
    'GET /settings/payment-methods': () => ({ body: { paymentMethods: [] } }),
    'GET /templates/get': () => ({
      body: [
        {
          ID: 'classic',
          TemplateName: 'Classic',
          TemplateComponentName: 'ClassicTemplate',
          ThumbnailURL: '/api/templates/classic/thumbnail',
        },
      ],
    }),
    'POST /templates/classic/preview': () => ({ body: '<svg>preview</svg>' }),
  });
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillCustomer() {
  await screen.findByLabelText('Customer name');
  type('Customer name', 'Chloé Martin');
  type('Customer email', 'chloe@martin.example');
  type('Customer company name', 'Atelier Martin');
  type('Description', 'Design work');
  type('Unit price', '100');
}

beforeAll(() => warmRoutes('/invoice/create'));

describe('an address is asked for once (issue 34, item 6)', () => {
  it('one entry per party, none again in the e-invoice details', async () => {
    api(structuredCompany);
    renderApp('/invoice/create');
    await screen.findByLabelText('Customer name');
    fireEvent.click(screen.getByText('E-invoice details'));
    await screen.findByRole('region', { name: 'E-invoice readiness' });
    expect(screen.getAllByLabelText(/street and number/i)).toHaveLength(2);
    expect(screen.getAllByLabelText(/post code/i)).toHaveLength(2);
    expect(screen.getAllByLabelText(/country$/i)).toHaveLength(2);
    expect(screen.queryByRole('textbox', { name: 'Customer address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Address' })).not.toBeInTheDocument();
    // The seller's entry starts from the profile's.
    expect(screen.getByLabelText('Street and number')).toHaveValue('Torstraße 12');
    expect(screen.getByLabelText('Post code')).toHaveValue('10119');
    expect(screen.getByLabelText('City')).toHaveValue('Berlin');
    expect(screen.getByLabelText('Country')).toHaveValue('DE');
  });

  it("sends the spec's line made from the entry, and the entry itself", async () => {
    const { fetchMock } = api(legacyCompany);
    const user = userEvent.setup();
    renderApp('/invoice/create');
    await fillCustomer();
    // A profile from before structured addresses shows its line in the street, and sends it unchanged.
    expect(screen.getByLabelText('Street and number')).toHaveValue('1 Main Street, London');
    type('Customer street and number', '12 rue de la Paix #3');
    type('Customer post code', '75002');
    type('Customer city', 'Paris');
    type('Customer country', 'FR');
    expect(screen.getByLabelText('Customer street and number')).toHaveValue('12 rue de la Paix 3');
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    await user.click(await screen.findByRole('button', { name: 'Preview Classic' }));
    await screen.findByTitle('Classic preview');

    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/templates/classic/preview'));
    const body = call?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    const invoice = JSON.parse(String((body as FormData).get('invoice')));
    expect(invoice.customerAddress).toBe('12 rue de la Paix 3, 75002 Paris, France');
    expect(invoice.userAddress).toBe('1 Main Street, London');
    expect(invoice.eInvoice.customer.address).toEqual({
      lines: ['12 rue de la Paix 3'],
      postCode: '75002',
      city: 'Paris',
      country: 'FR',
    });
  });

  it("says the spec's messages of the line under the street", async () => {
    api(structuredCompany);
    const user = userEvent.setup();
    renderApp('/invoice/create');
    await fillCustomer();
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    const street = screen.getByLabelText('Customer street and number');
    await waitFor(() => expect(street).toHaveAccessibleDescription('Customer address is required'));
    type('Customer street and number', 'Rue');
    expect(street).toHaveAccessibleDescription('Address must be between 5 and 100 characters');
    type('Customer city', 'Lyon');
    expect(street).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Customer address is required')).not.toBeInTheDocument();
  });
});
