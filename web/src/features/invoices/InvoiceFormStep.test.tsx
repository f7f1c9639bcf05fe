import {
  formatMoney,
  invoiceMessages as m,
  readTypedNumber,
  readUnitPrice,
  toMinorUnits,
} from '@remit/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { mockApi, testUser } from '../../test/api';
import { renderApp, warmRoutes } from '../../test/renderApp';
import { COUNT_ANNOUNCE_DELAY_MS } from './fields';

function api() {
  storeToken('jwt');
  return mockApi({
    'GET /auth/status': () => ({ body: { user: testUser } }),
    'GET /check-subscription': () => ({ body: { subscribed: true } }),
    'GET /settings': () => ({
      body: {
        Name: 'Ada Lovelace',
        DefaultDueDays: 14,
        Settings: {
          CompanyEmail: 'billing@analytical.example',
          CompanyAddress: '1 Main Street, London',
          CompanyName: 'Analytical Ltd',
          DefaultCurrency: 'EUR',
          UserCompanyVAT: null,
          LogoURL: null,
        },
      },
    }),
    'GET /invoices/next-number': () => ({ body: { number: 'INV-0007' } }),
    'GET /customers/suggestions': () => ({ body: [] }),
    'GET /settings/payment-methods': () => ({ body: { paymentMethods: [] } }),
  });
}

const item = () => within(screen.getByRole('listitem', { name: 'Item 1' }));
const lineTotal = () => item().getByText((_, element) => element?.tagName === 'OUTPUT');
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const messageOf = (label: string | HTMLElement) => {
  const input = typeof label === 'string' ? screen.getByLabelText(label) : label;
  const id = input.getAttribute('aria-describedby')?.split(' ')[0];
  return id && input.getAttribute('aria-invalid') === 'true'
    ? document.getElementById(id)?.textContent
    : null;
};

beforeAll(() => warmRoutes('/invoice/create'));

describe('step 1 keeps what numbers mean (issue 16)', () => {
  it('keeps decimal separators and minus signs and says what is wrong', async () => {
    api();
    renderApp('/invoice/create');
    await screen.findByLabelText('Quantity');

    type('Unit price', '12,50');
    expect(screen.getByLabelText('Unit price')).toHaveValue('12,50');
    expect(lineTotal()).toHaveTextContent('€12.50');
    expect(messageOf('Unit price')).toBeNull();

    type('Quantity', '7.5');
    expect(screen.getByLabelText('Quantity')).toHaveValue('7.5');
    expect(messageOf('Quantity')).toBe('Quantity must be a whole number');
    expect(lineTotal()).toHaveTextContent('€0.00');

    type('Quantity', '-2');
    expect(screen.getByLabelText('Quantity')).toHaveValue('-2');
    expect(messageOf('Quantity')).toBe('Quantity must be at least 1');

    type('Quantity', '3');
    type('Unit price', '1.234,56');
    expect(lineTotal()).toHaveTextContent('€3,703.68');

    type('Unit price', '1,234');
    expect(messageOf('Unit price')).toBe(
      'Unit price can have at most 2 decimals in EUR (type thousands without a separator, such as 1234.50)',
    );
    expect(lineTotal()).toHaveTextContent('€0.00');

    type('Unit price', '-5');
    expect(messageOf('Unit price')).toBe('Unit price must be greater than or equal to 0');

    type('Unit price', 'abc');
    expect(messageOf('Unit price')).toBe('Unit price must be a valid number');

    type('Unit price', '9.999');
    expect(messageOf('Unit price')).toBe(
      'Unit price can have at most 2 decimals in EUR (type thousands without a separator, such as 1234.50)',
    );
    type('Unit price', '0,125');
    expect(messageOf('Unit price')).toBe('Unit price can have at most 2 decimals in EUR');

    type('Tax rate (%)', '-5');
    expect(screen.getByLabelText('Tax rate (%)')).toHaveValue('-5');
    expect(messageOf('Tax rate (%)')).toBe(m.taxRateInvalid);
  });

  it('property: any typed price is kept as typed, and the line shows its meaning or a message', async () => {
    api();
    renderApp('/invoice/create');
    await screen.findByLabelText('Quantity');
    // The inputs stay the same elements while typing: found once, as a whole-page query per run is slow.
    const price = screen.getByLabelText('Unit price');
    const total = lineTotal();
    const typedPrices = fc.oneof(
      fc.stringMatching(/^[ +\-0-9.,'\u00A0]{0,10}$/),
      fc.string({ maxLength: 8 }),
    );
    await fc.assert(
      fc.asyncProperty(typedPrices, async (typed) => {
        fireEvent.change(price, { target: { value: typed } });
        expect(price).toHaveValue(typed);
        const message = messageOf(price);
        const read = readUnitPrice(typed, 'EUR');
        if (message) {
          expect(total).toHaveTextContent('€0.00');
        } else {
          expect(typeof read).toBe('string');
          const amount = toMinorUnits(read as string, 'EUR');
          expect(total).toHaveTextContent(formatMoney({ amount, currency: 'EUR' }));
          expect(readTypedNumber(typed).kind).toBe('number');
        }
      }),
      { seed: 16, numRuns: 60 },
    );
  });
});

describe('step 1 messages (issue 16)', () => {
  it('says the due date is before the issue date while other required fields are empty', async () => {
    api();
    renderApp('/invoice/create');
    await screen.findByLabelText('Issue date');
    expect(screen.getByLabelText('Customer name')).toHaveValue('');
    type('Issue date', '2026-03-10');
    type('Due date', '2026-03-09');
    expect(messageOf('Due date')).toBe('Due date cannot be earlier than issue date');
    type('Due date', '2026-03-10');
    expect(messageOf('Due date')).toBeNull();
  });

  it('says on the field that a zero unit price blocks Next, and keeps the toast', async () => {
    api();
    const user = userEvent.setup();
    renderApp('/invoice/create');
    await screen.findByLabelText('Unit price');
    expect(screen.getByLabelText('Unit price')).toHaveValue('0');
    expect(messageOf('Unit price')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(await screen.findByText('Please complete all required fields')).toBeInTheDocument();
    expect(messageOf('Unit price')).toBe('Unit price must be greater than 0');
    type('Unit price', '0,01');
    expect(messageOf('Unit price')).toBeNull();
  });

  it('tells screen readers the notes and terms counts politely, once typing pauses', async () => {
    api();
    renderApp('/invoice/create');
    const notes = await screen.findByLabelText('Notes');
    const counter = document.getElementById(notes.getAttribute('aria-describedby') ?? '');
    expect(counter).toHaveTextContent('0/500 characters used');
    expect(counter).not.toHaveAttribute('aria-hidden');
    const status = within(counter?.parentElement as HTMLElement).getByRole('status');
    expect(status).toBeEmptyDOMElement();
    type('Notes', 'Thanks!');
    expect(screen.getByText('7/500')).toBeInTheDocument();
    expect(status).toBeEmptyDOMElement();
    await act(() => new Promise((done) => setTimeout(done, COUNT_ANNOUNCE_DELAY_MS + 50)));
    expect(status).toHaveTextContent('7 of 500 characters used');
    const terms = screen.getByLabelText('Terms & Conditions');
    expect(document.getElementById(terms.getAttribute('aria-describedby') ?? '')).toHaveTextContent(
      '0/1000 characters used',
    );
  });
});

describe('typed characters do not vanish (issue 34, item 5)', () => {
  it('keeps a typographic dash, quote and ellipsis as the plain character, with no double space', async () => {
    api();
    renderApp('/invoice/create');
    await screen.findByLabelText('Quantity');
    type('Description', 'Relaunch – Stunden');
    expect(screen.getByLabelText('Description')).toHaveValue('Relaunch - Stunden');
    type('Description', 'Logo ✓ Design');
    expect(screen.getByLabelText('Description')).toHaveValue('Logo Design');
    type('Customer name', 'Jonas O’Berg');
    expect(screen.getByLabelText('Customer name')).toHaveValue("Jonas O'Berg");
    type('Notes', '“Danke” … bis bald');
    expect(screen.getByLabelText('Notes')).toHaveValue('"Danke" ... bis bald');
  });
});
