import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { listedInvoice, mockApi, testUser } from '../../test/api';
import { renderApp, warmRoutes } from '../../test/renderApp';

// The lazy routes and the auth machine load once, before the first test's own time starts.
beforeAll(() => warmRoutes('/'));

const collection = {
  CollectionStatus: 'outstanding',
  AmountPaid: 0,
  Balance: 228156,
  VoidReason: null,
  Payments: [],
};

describe('the void-reason dialog in the Payments tab (issue 14)', () => {
  it('asks for a reason in a labelled dialog: Escape cancels, an empty reason is refused, a refusal stays shown', async () => {
    storeToken('jwt');
    let voids = 0;
    const { requests } = mockApi({
      'GET /auth/status': () => ({ body: { user: testUser } }),
      'GET /check-subscription': () => ({ body: { subscribed: true } }),
      'GET /invoices': () => ({
        body: {
          invoices: [listedInvoice({ ID: 'inv-1', InvoiceNumber: 'INV-001' })],
          pagination: { page: 1, limit: 15, total: 1, total_pages: 1 },
        },
      }),
      'GET /invoices/inv-1/preview': () => ({ body: '<p>invoice</p>' }),
      'GET /invoices/inv-1': () => ({ body: { Collection: collection } }),
      'POST /invoices/inv-1/void': () => {
        voids += 1;
        if (voids === 1)
          return {
            status: 409,
            body: { error: 'A payment was recorded meanwhile: reverse it first', code: 'payments_recorded' },
          };
        return {
          body: {
            invoiceId: 'inv-1',
            total: 228156,
            currency: 'EUR',
            amountPaid: 0,
            balance: 228156,
            voided: true,
            settled: false,
            paymentId: null,
            position: '7',
          },
        };
      },
    });
    const user = userEvent.setup();
    renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Open invoice INV-001' }));
    await user.click(await screen.findByRole('tab', { name: 'Payments' }));
    const opener = await screen.findByRole('button', { name: 'Void invoice' });
    await user.click(opener);

    const dialog = await screen.findByRole('dialog', { name: 'Void invoice INV-001' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    const reason = within(dialog).getByLabelText('Why is this invoice void?');
    // The server's limit: nothing longer can be typed.
    expect(reason).toHaveAttribute('maxLength', '500');

    // Escape closes this dialog only (the preview stays open) and gives focus back to the button.
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Void invoice INV-001' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Invoice Preview' })).toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    const again = await screen.findByRole('dialog', { name: 'Void invoice INV-001' });
    await waitFor(() => expect(again).toContainElement(document.activeElement as HTMLElement));
    // Tab stays inside the dialog.
    for (let step = 0; step < 5; step++) {
      await user.tab();
      expect(again).toContainElement(document.activeElement as HTMLElement);
    }
    // Blank is refused here, with the message on the field; nothing is sent.
    const field = within(again).getByLabelText('Why is this invoice void?');
    await user.type(field, '   ');
    await user.click(within(again).getByRole('button', { name: 'Void invoice' }));
    expect(await within(again).findByText('Say why this invoice is void')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field).toHaveFocus());
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    // The server's refusal shows in the dialog, which stays open with what was typed.
    await user.clear(field);
    await user.type(field, 'Issued twice');
    expect(within(again).queryByText('Say why this invoice is void')).not.toBeInTheDocument();
    await user.click(within(again).getByRole('button', { name: 'Void invoice' }));
    expect(await within(again).findByRole('alert')).toHaveTextContent(
      'A payment was recorded meanwhile: reverse it first',
    );
    expect(field).toHaveValue('Issued twice');

    await user.click(within(again).getByRole('button', { name: 'Void invoice' }));
    await screen.findByText('Invoice voided');
    expect(screen.queryByRole('dialog', { name: 'Void invoice INV-001' })).not.toBeInTheDocument();
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => [request.path, request.body])).toEqual([
      ['/invoices/inv-1/void', { reason: 'Issued twice' }],
      ['/invoices/inv-1/void', { reason: 'Issued twice' }],
    ]);
  });
});
