import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { mockApi, testUser } from '../../test/api';
import { renderApp, warmRoutes } from '../../test/renderApp';

function api() {
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
          CompanyAddress: 'Torstraße 12, Berlin',
          CompanyName: 'Schmidt Design',
          DefaultCurrency: 'EUR',
          UserCompanyVAT: 'DE123456789',
          LogoURL: null,
          CompanyPostalAddress: {
            lines: ['Torstraße 12'],
            postCode: '10119',
            city: 'Berlin',
            region: '',
            country: 'DE',
          },
          CompanyPhone: '+49 30 1234567',
          CompanyTaxNumber: null,
        },
      },
    }),
    'GET /invoices/next-number': () => ({ body: { number: 'RE-0001' } }),
    'GET /customers/suggestions': () => ({ body: [] }),
    'GET /settings/payment-methods': () => ({ body: { paymentMethods: [] } }),
  });
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Opens the section as a click on its summary does (the browser's own toggle, then React draws the body). */
async function open() {
  fireEvent.click(screen.getByText('E-invoice details'));
  await screen.findByRole('region', { name: 'E-invoice readiness' });
}

async function fillSpecForm() {
  await screen.findByLabelText('Customer name');
  type('Customer name', 'Jonas Weber');
  type('Customer email', 'jonas@weber.example');
  type('Customer street and number', 'Hafenstraße 5');
  type('Customer city', 'Hamburg');
  type('Customer company name', 'Weber Logistik');
  type('Customer VAT number (optional)', 'DE987654321');
  type('Tax rate (%)', '19');
  type('Description', 'Design work');
  type('Unit price', '85');
  await open();
}

beforeAll(() => warmRoutes('/invoice/create'));

describe("step 1's E-invoice details", () => {
  it('is collapsed by default and leaves the spec form as it is', async () => {
    api();
    renderApp('/invoice/create');
    await screen.findByLabelText('Customer name');
    const section = screen.getByRole('group', { name: 'E-invoice details' });
    expect(section).not.toHaveAttribute('open');
    expect(screen.queryByLabelText('Customer type')).not.toBeInTheDocument();
    await open();
    expect(section).toHaveAttribute('open');
    expect(
      screen.getByText('Complete the invoice form to see what an e-invoice still needs.'),
    ).toBeInTheDocument();
  });

  it('lists what each format lacks, then says ready once the customer address and country are given', async () => {
    api();
    renderApp('/invoice/create');
    await fillSpecForm();
    expect(screen.getByText(/optional · e-invoice 1 missing, XRechnung \d missing/)).toBeInTheDocument();
    const checklist = screen.getByRole('region', { name: 'E-invoice readiness' });
    await waitFor(() =>
      expect(within(checklist).getAllByText('Customer country (BT-55) is missing')).toHaveLength(2),
    );
    // The seller's structured address comes from the profile, as the server will take it.
    expect(within(checklist).queryByText('Seller country (BT-40) is missing')).not.toBeInTheDocument();

    type('Customer post code', '20457');
    type('Customer country', 'DE');
    await waitFor(() =>
      expect(
        within(checklist).getByText('✓ Ready: Factur-X PDF, CII and UBL (EN 16931)'),
      ).toBeInTheDocument(),
    );
    // XRechnung still wants the buyer reference and a payment method.
    expect(within(checklist).getByText(/XRechnung: \d details are missing/)).toBeInTheDocument();
    type('Buyer reference or Leitweg-ID', '04011000-12345-34');
    await waitFor(() =>
      expect(within(checklist).queryByText(/Buyer reference \(BT-10\)/)).not.toBeInTheDocument(),
    );
  });

  it('a unit other than pieces takes a decimal quantity; pieces keep the whole-number rule', async () => {
    api();
    renderApp('/invoice/create');
    await screen.findByLabelText('Customer name');
    // The unit sits beside the quantity, without opening the e-invoice details (issue 29, item 3).
    const unit = within(screen.getByRole('listitem', { name: 'Item 1' })).getByLabelText('Unit');
    expect(unit).toHaveValue('C62');
    expect(screen.getByRole('group', { name: 'E-invoice details' })).not.toHaveAttribute('open');
    await fillSpecForm();
    type('Quantity', '1.5');
    fireEvent.blur(screen.getByLabelText('Quantity'));
    expect(await screen.findByText('Quantity must be a whole number')).toBeInTheDocument();
    fireEvent.change(unit, { target: { value: 'HUR' } });
    await waitFor(() =>
      expect(screen.queryByText('Quantity must be a whole number')).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Quantity')).toHaveAttribute('inputmode', 'decimal');
    type('Quantity', '1.23456');
    expect(await screen.findByText('Quantity can have at most 4 decimals')).toBeInTheDocument();
  });

  it('a VAT category with its reason: exempt asks for a text, reverse charge offers its reason', async () => {
    api();
    renderApp('/invoice/create');
    await fillSpecForm();
    type('VAT category', 'E');
    expect(screen.getByLabelText('Exemption reason text')).toBeInTheDocument();
    type('VAT category', 'AE');
    expect(screen.queryByLabelText('Exemption reason text')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Exemption reason')).toBeInTheDocument();
  });

  it('a line with a VAT rate of its own counts it in the totals, and a rate that is not one says so', async () => {
    api();
    renderApp('/invoice/create');
    await fillSpecForm();
    const totals = screen.getByLabelText('Totals');
    await waitFor(() => expect(within(totals).getByText('€16.15')).toBeInTheDocument());
    type('VAT of item 1 (Design work)', 'S');
    type('VAT rate of item 1 (Design work) (%)', '7');
    // 7% of €85.00 instead of the invoice's 19%.
    await waitFor(() => expect(within(totals).getByText('€5.95')).toBeInTheDocument());
    expect(within(totals).getByText('€90.95')).toBeInTheDocument();
    type('VAT rate of item 1 (Design work) (%)', '7.123');
    expect(
      await screen.findByText('Enter a VAT rate between 0 and 100 with at most 2 decimals'),
    ).toBeInTheDocument();
    type('VAT of item 1 (Design work)', '');
    await waitFor(() => expect(within(totals).getByText('€16.15')).toBeInTheDocument());
  });
});
