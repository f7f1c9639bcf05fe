import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { mockOneInvoice, openCollection, openPreviewTab } from '../../test/invoicePreview';
import { renderApp, warmRoutes } from '../../test/renderApp';

beforeAll(() => warmRoutes('/'));

// Issue 30 (D-341): the Send tab's empty subject and message show what the customer will get, in the invoice's
// language, as the server says it (GET /invoices/{id}'s Collection.Mail), never English words for a German invoice.
describe('the Send tab of a German invoice', () => {
  beforeAll(() => import('./DashboardPage'), 120_000);

  it('shows the German subject and opening sentence the mail will have, and sends the empty fields as empty', async () => {
    storeToken('jwt');
    const mail = {
      subject: 'Rechnung INV-001 von Schmidt Design GmbH',
      message: 'anbei erhalten Sie die Rechnung INV-001 über 100,00 €, zahlbar bis zum 27. Dezember 2026.',
    };
    const { requests } = mockOneInvoice({
      'GET /invoices/inv-1': () => ({ body: { Collection: { ...openCollection, Mail: mail } } }),
      'POST /invoices/inv-1/send': () => ({
        status: 201,
        body: { sendId: 's1', to: ['charles@example.com'], cc: [], subject: mail.subject },
      }),
    });
    const user = userEvent.setup();
    renderApp('/');
    await openPreviewTab(user, 'Send');
    const subject = screen.getByLabelText('Subject');
    await waitFor(() => expect(subject).toHaveAttribute('placeholder', mail.subject));
    expect(screen.getByLabelText('Message')).toHaveAttribute('placeholder', mail.message);

    await user.click(screen.getByRole('button', { name: 'Send invoice' }));
    await screen.findByText('Invoice sent to charles@example.com');
    const sent = requests.find(
      (request) => request.method === 'POST' && request.path === '/invoices/inv-1/send',
    );
    expect(sent?.body).toMatchObject({ subject: '', message: '' });
  });
});
