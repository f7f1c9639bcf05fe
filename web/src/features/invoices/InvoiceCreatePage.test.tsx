import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { db } from '../../db/database';
import { isoDay } from '../../lib/format';
import { mockApi, testUser } from '../../test/api';
import { renderApp, warmRoutes } from '../../test/renderApp';

const settings = {
  Name: 'Ada Lovelace',
  DefaultDueDays: 14,
  Settings: {
    CompanyEmail: 'billing@analytical.example',
    CompanyAddress: '1 Main Street, London',
    CompanyName: 'Analytical Ltd',
    DefaultCurrency: 'KWD',
    UserCompanyVAT: null,
    LogoURL: null,
  },
};

function api() {
  return mockApi({
    'GET /auth/status': () => ({ body: { user: testUser } }),
    'GET /check-subscription': () => ({ body: { subscribed: true } }),
    'GET /settings': () => ({ body: settings }),
    'GET /invoices/next-number': () => ({ body: { number: 'INV-0007' } }),
    'GET /customers/suggestions': () => ({ body: [] }),
  });
}

beforeAll(() => warmRoutes('/invoice/create'));

describe('invoice wizard, step 1 (spec §5)', () => {
  it('starts from the settings: company details, default currency, due date and next number', async () => {
    storeToken('jwt');
    api();
    renderApp('/invoice/create');
    expect(await screen.findByLabelText('Your name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Your email')).toHaveValue('billing@analytical.example');
    expect(screen.getByLabelText('Company name')).toHaveValue('Analytical Ltd');
    expect(screen.getByLabelText('Currency')).toHaveValue('KWD');
    expect(screen.getByLabelText('Invoice number')).toHaveValue('INV-0007');
    expect(screen.getByLabelText('Issue date')).toHaveValue(isoDay());
    expect(screen.getByLabelText('Due date')).toHaveValue(isoDay(14));
    expect(screen.getByLabelText('Quantity')).toHaveValue('1');
    expect(within(screen.getByLabelText('Totals')).getAllByText('KD 0.000')).toHaveLength(3);
    expect(screen.getByText('0/500')).toBeInTheDocument();
    expect(screen.getByText('0/1000')).toBeInTheDocument();
  });

  it('shows the messages of touched fields, sanitises as typed, and reveals all on Next', async () => {
    storeToken('jwt');
    api();
    const user = userEvent.setup();
    renderApp('/invoice/create');
    const name = await screen.findByLabelText('Customer name');
    expect(screen.queryByText('Customer name is required')).not.toBeInTheDocument();
    await user.click(name);
    await user.tab();
    expect(await screen.findByText('Customer name is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Customer VAT number (optional)'), 'gb-12$3');
    expect(screen.getByLabelText('Customer VAT number (optional)')).toHaveValue('GB-123');
    await user.type(screen.getByLabelText('Customer email'), 'nope');
    expect(await screen.findByText('Please enter a valid customer email address')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next Step' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(await screen.findByText('Please complete all required fields')).toBeInTheDocument();
    expect(screen.getByText('Customer address is required')).toBeInTheDocument();
    expect(screen.getByText('Item description is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Notes'), 'Thanks!');
    expect(screen.getByText('7/500')).toBeInTheDocument();
  });

  it('computes live totals in the currency and adds and removes items', async () => {
    storeToken('jwt');
    api();
    const user = userEvent.setup();
    renderApp('/invoice/create');
    await user.selectOptions(await screen.findByLabelText('Currency'), 'EUR');
    await user.clear(screen.getByLabelText('Unit price'));
    await user.type(screen.getByLabelText('Unit price'), '1234.5');
    await user.clear(screen.getByLabelText('Tax rate (%)'));
    await user.type(screen.getByLabelText('Tax rate (%)'), '10');
    const totals = screen.getByLabelText('Totals');
    expect(within(totals).getByText('€1,357.95')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '+ Add Item' }));
    expect(screen.getAllByLabelText('Description')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove item 2' }));
    expect(screen.getAllByLabelText('Description')).toHaveLength(1);
  });

  it('asks for 2 characters before searching customers', async () => {
    storeToken('jwt');
    api();
    const user = userEvent.setup();
    renderApp('/invoice/create');
    const search = await screen.findByLabelText('Search existing customers');
    expect(screen.getByText('Type at least 2 characters to search')).toBeInTheDocument();
    await user.type(search, 'zz');
    expect(await screen.findByText('Searching...')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/No customers found/)).toBeInTheDocument());
    expect(screen.getByText('Try a different search term')).toBeInTheDocument();
  });

  it('autosaves a draft as the user types, lists it, and resumes it', async () => {
    storeToken('jwt');
    await db.drafts.clear();
    api();
    const user = userEvent.setup();
    const first = renderApp('/invoice/create');
    await user.type(await screen.findByLabelText('Customer name'), 'Charles Babbage');
    await waitFor(async () => expect(await db.drafts.count()).toBe(1), { timeout: 3000 });
    first.unmount();

    renderApp('/invoice/create');
    await user.click(await screen.findByText('Saved drafts (1)'));
    expect(screen.getByText(/INV-0007 · Charles Babbage/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Resume' }));
    await waitFor(() => expect(screen.getByLabelText('Customer name')).toHaveValue('Charles Babbage'));
    await db.drafts.clear();
  });
});
