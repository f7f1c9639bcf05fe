import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { mockApi, testUser } from '../../test/api';
import { renderApp, warmRoutes } from '../../test/renderApp';

const png = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);

function api(preview: () => { status?: number; body?: unknown }) {
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
    'GET /settings/payment-methods': () => ({
      body: {
        paymentMethods: [
          {
            ID: 'pm-1',
            Name: 'Main account',
            Type: 'bank_transfer',
            IsDefault: true,
            IsActive: true,
            BankName: 'Lloyds',
            IBAN: 'GB82WEST12345698765432',
            SWIFT: 'LOYDGB2L',
            AccountNumber: '',
            PaymentLink: '',
            Instructions: '',
          },
        ],
      },
    }),
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
    'POST /templates/classic/preview': preview,
  });
}

async function fillStepOne() {
  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  await screen.findByLabelText('Customer name');
  type('Customer name', 'Charles Babbage');
  type('Customer email', 'charles@example.com');
  type('Customer company name', 'Engines Ltd');
  type('Customer street and number', '2 Difference Lane');
  type('Customer city', 'London');
  type('Description', 'Engine design');
  type('Unit price', '1.234,50');
}

beforeAll(() => warmRoutes('/invoice/create'));

describe('step 2 preview (issue 16)', () => {
  it('is asked for with the uploaded logo and the chosen payment method, as the PDF is made', async () => {
    const { fetchMock } = api(() => ({ body: '<svg>preview</svg>' }));
    const user = userEvent.setup();
    renderApp('/invoice/create');
    await fillStepOne();
    await user.upload(
      screen.getByLabelText('Upload logo'),
      new File([png], 'logo.png', { type: 'image/png' }),
    );
    expect(await screen.findByAltText('Logo preview')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Payment method')).toHaveValue('pm-1'));
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    await user.click(await screen.findByRole('button', { name: 'Preview Classic' }));
    await screen.findByTitle('Classic preview');

    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/templates/classic/preview'));
    const body = call?.[1]?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    const invoice = JSON.parse(String(body.get('invoice')));
    expect(invoice).toMatchObject({
      paymentMethodId: 'pm-1',
      templateId: 'classic',
      invoiceNumber: 'INV-0007',
    });
    expect(invoice.items[0]).toMatchObject({ unitPrice: '1.234,50' });
    const logo = body.get('logo') as File;
    expect(logo.type).toBe('image/png');
    expect(new Uint8Array(await logo.arrayBuffer())).toEqual(png);
  });

  it('says why the server refused the preview, and the template can still be chosen', async () => {
    api(() => ({ status: 415, body: { error: 'The logo must be a PNG, JPEG, GIF or WebP image' } }));
    const user = userEvent.setup();
    renderApp('/invoice/create');
    await fillStepOne();
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    await user.click(await screen.findByRole('button', { name: 'Preview Classic' }));
    const dialog = screen.getByRole('dialog', { name: 'Classic' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The logo must be a PNG, JPEG, GIF or WebP image You can still select this template.',
    );
    // The preview tells what an e-invoice of this form still needs, as step 1 does.
    expect(within(dialog).getByRole('region', { name: 'E-invoice readiness' })).toHaveTextContent(
      /Factur-X PDF, CII and UBL \(EN 16931\): \d+ details? (is|are) missing/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Select Template' }));
    expect(screen.getByRole('button', { name: 'Use Classic' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('refuses an SVG or a renamed file when it is picked, as the server would', async () => {
    api(() => ({ body: '' }));
    renderApp('/invoice/create');
    await screen.findByLabelText('Customer name');
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Upload logo'), { target: { files: [svg] } });
    expect(await screen.findByText('The logo must be a PNG, JPEG, GIF or WebP image')).toBeInTheDocument();
    expect(screen.queryByAltText('Logo preview')).not.toBeInTheDocument();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Upload logo'), { target: { files: [big] } });
    expect(await screen.findByText('The logo must be at most 2 MB')).toBeInTheDocument();
  });
});
