import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { mockApi, type RecordedRequest, testUser } from '../../test/api';
import { renderApp, warmRoutes } from '../../test/renderApp';

const form = {
  userName: 'Ada Lovelace',
  userEmail: 'ada@example.com',
  userAddress: '12 Analytical Street, London',
  userCompanyName: 'Engines and Co',
  userCompanyVAT: 'GB123456789',
  customerName: 'Charles Babbage',
  customerEmail: 'charles@difference.example',
  customerAddress: '1 Dorset Street, W1U 4EG London, United Kingdom',
  customerCompanyName: 'Difference Works',
  customerCompanyVAT: '',
  invoiceNumber: 'INV-0042',
  currency: 'EUR',
  taxRate: 20,
  issueDate: '2025-03-14',
  dueDate: '2025-04-13',
  items: [{ description: 'Design of the engine', quantity: 2, unitPrice: '950.50' }],
  notes: 'Thank you!',
  termsAndConditions: 'Payment due in 30 days.',
  paymentMethodId: null,
  eInvoice: {
    customer: {
      type: 'public_body',
      buyerReference: '04011000-1234-56',
      address: { lines: ['1 Dorset Street'], postCode: 'W1U 4EG', city: 'London', region: '', country: 'GB' },
    },
    delivery: { kind: 'period', start: '2025-03-01', end: '2025-03-10' },
    paymentTerms: 'Net 30',
  },
  templateId: 'classic',
  templateName: 'Classic',
  templateComponentName: 'ClassicTemplate',
  status: 'Draft',
};

type Answer = { status?: number; body?: unknown };

function api(options: { formAnswers?: Answer[]; put?: (request: RecordedRequest) => Answer } = {}) {
  storeToken('jwt');
  const formAnswers = options.formAnswers ?? [
    { body: { form, revision: 1, finalBy: null, finalMessage: null, logoURL: null } },
  ];
  let reads = 0;
  return mockApi({
    'GET /auth/status': () => ({ body: { user: testUser } }),
    'GET /check-subscription': () => ({ body: { subscribed: true } }),
    'GET /settings/payment-methods': () => ({ body: { paymentMethods: [] } }),
    'GET /customers/suggestions': () => ({ body: [] }),
    'GET /invoices/inv-1/form': () => {
      const answer = formAnswers[Math.min(reads, formAnswers.length - 1)] ?? {};
      reads += 1;
      return answer;
    },
    'GET /templates/get': () => ({
      body: [
        {
          ID: 'classic',
          TemplateName: 'Classic',
          TemplateComponentName: 'ClassicTemplate',
          ThumbnailURL: '',
        },
      ],
    }),
    'POST /templates/classic/preview': () => ({ body: '<svg/>' }),
    'PUT /invoices/inv-1': options.put ?? (() => ({ body: { revision: 2, position: '9' } })),
    'GET /invoices': () => ({
      body: { invoices: [], pagination: { page: 1, limit: 15, total: 0, total_pages: 0 } },
    }),
  });
}

const puts = (requests: RecordedRequest[]) => requests.filter((request) => request.method === 'PUT');

beforeAll(() => warmRoutes('/invoice/inv-1/edit'));

describe('editing an issued invoice in the wizard (issue 27)', () => {
  it('opens pre-filled, saves once on a double click with the revision it opened, and shows the invoice', {
    timeout: 60_000,
  }, async () => {
    const { requests } = api();
    const user = userEvent.setup();
    renderApp('/invoice/inv-1/edit');
    expect(await screen.findByRole('heading', { name: 'Edit Invoice' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Customer name')).toHaveValue('Charles Babbage'));
    expect(screen.getByLabelText('Invoice number')).toHaveValue('INV-0042');
    expect(screen.getByLabelText('Description')).toHaveValue('Design of the engine');
    expect(screen.getByLabelText('Customer city')).toHaveValue('London');
    expect(screen.queryByLabelText('Upload logo')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Notes'));
    await user.type(screen.getByLabelText('Notes'), 'Fixed a typo');
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    expect(await screen.findByRole('button', { name: 'Use Classic' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.dblClick(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Invoice updated')).toBeInTheDocument();
    const sent = puts(requests);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get('If-Match')).toBe('"1"');
    expect(sent[0]?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(sent[0]?.body).toMatchObject({
      notes: 'Fixed a typo',
      templateId: 'classic',
      eInvoice: {
        customer: { type: 'public_body', buyerReference: '04011000-1234-56' },
        paymentTerms: 'Net 30',
      },
    });
    // Back to the dashboard, where `?invoice=inv-1` opens it (the test router keeps no window.location).
    await waitFor(() => expect(document.title).toBe('Dashboard · Remit'));
  });

  it('a final invoice says to issue a credit note and links straight to it, with no form to type in', async () => {
    const finalMessage =
      'This invoice was sent to the customer, so it is final and can no longer be edited. Issue a credit note to correct it.';
    api({ formAnswers: [{ body: { form, revision: 1, finalBy: 'sent', finalMessage, logoURL: null } }] });
    renderApp('/invoice/inv-1/edit');
    const alert = await screen.findByText(finalMessage);
    expect(within(alert).getByRole('link', { name: 'Open the invoice' })).toHaveAttribute(
      'href',
      '/?invoice=inv-1',
    );
    expect(within(alert).getByRole('link', { name: 'Issue a credit note' })).toHaveAttribute(
      'href',
      '/?invoice=inv-1&credit=1',
    );
    expect(screen.queryByLabelText('Customer name')).not.toBeInTheDocument();
  });

  it('an invoice made final meanwhile: the refused save says so on screen', async () => {
    const message =
      'This invoice has a payment recorded, so it is final and can no longer be edited. Issue a credit note to correct it.';
    api({ put: () => ({ status: 409, body: { error: message, code: 'invoice_final' } }) });
    const user = userEvent.setup();
    renderApp('/invoice/inv-1/edit');
    await waitFor(() => expect(screen.getByLabelText('Customer name')).toHaveValue('Charles Babbage'));
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('link', { name: 'Open the invoice' })).toBeInTheDocument();
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
  });

  it('changed on another device: nothing typed is dropped, and "Save mine anyway" saves on the newer revision', {
    timeout: 60_000,
  }, async () => {
    const changed =
      'This invoice was changed on another device after you opened it (revision 2, you edited revision 1).';
    let tries = 0;
    const { requests } = api({
      formAnswers: [
        { body: { form, revision: 1, finalBy: null, finalMessage: null, logoURL: null } },
        {
          body: {
            form: { ...form, notes: 'From the phone' },
            revision: 2,
            finalBy: null,
            finalMessage: null,
            logoURL: null,
          },
        },
      ],
      put: () => {
        tries += 1;
        return tries === 1
          ? { status: 409, body: { error: changed, code: 'invoice_changed' } }
          : { body: { revision: 3 } };
      },
    });
    const user = userEvent.setup();
    renderApp('/invoice/inv-1/edit');
    await waitFor(() => expect(screen.getByLabelText('Customer name')).toHaveValue('Charles Babbage'));
    await user.clear(screen.getByLabelText('Notes'));
    await user.type(screen.getByLabelText('Notes'), 'From the laptop');
    await user.click(screen.getByRole('button', { name: 'Next Step' }));
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(changed, { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save mine anyway' }));
    expect(await screen.findByText('Invoice updated')).toBeInTheDocument();
    const sent = puts(requests);
    expect(sent.map((request) => request.headers.get('If-Match'))).toEqual(['"1"', '"2"']);
    expect(sent[1]?.body).toMatchObject({ notes: 'From the laptop' });
  });

  it("another user's invoice (404) is said, not an empty form", async () => {
    api({ formAnswers: [{ status: 404, body: { error: 'Invoice not found' } }] });
    renderApp('/invoice/inv-1/edit');
    expect(await screen.findByText('Invoice not found')).toBeInTheDocument();
    expect(screen.queryByLabelText('Customer name')).not.toBeInTheDocument();
  });
});
