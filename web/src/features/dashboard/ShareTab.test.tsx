import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeToken } from '../../api/session';
import { createQueryClient } from '../../queryClient';
import { mockOneInvoice, openCollection, openPreviewTab } from '../../test/invoicePreview';
import { renderApp, warmRoutes } from '../../test/renderApp';

// The lazy routes and the auth machine load once, before the first test's own time starts.
beforeAll(() => warmRoutes('/'));

const shareAnswer = (active: boolean) => ({
  invoiceId: 'inv-1',
  shareId: active ? 'share-1' : null,
  active,
  url: active ? 'http://localhost/i/token-1' : null,
});

describe('the Share tab (issue 34 item 17)', () => {
  // The page is a lazy route: transformed here, with time to spare on a busy machine, not in the first test.
  beforeAll(() => import('./DashboardPage'), 120_000);

  it('shows a link as active right after it is made, and as stopped right after it is stopped', async () => {
    storeToken('jwt');
    let shared = false;
    mockOneInvoice({
      'GET /invoices/inv-1': () => ({ body: { Collection: { ...openCollection, Shared: shared } } }),
      'POST /invoices/inv-1/share': () => {
        shared = true;
        return { status: 201, body: shareAnswer(true) };
      },
      'POST /invoices/inv-1/share/revoke': () => {
        shared = false;
        return { body: shareAnswer(false) };
      },
    });
    const user = userEvent.setup();
    // The app's own cache, fresh for 30 s: what a command changed must not wait for that.
    renderApp('/', createQueryClient());
    await openPreviewTab(user, 'Share');
    await user.click(await screen.findByRole('button', { name: 'Create link' }));
    expect(await screen.findByLabelText('Customer page link')).toHaveValue('http://localhost/i/token-1');

    await user.click(screen.getByRole('tab', { name: 'History' }));
    await user.click(screen.getByRole('tab', { name: 'Share' }));
    expect(await screen.findByRole('button', { name: 'Stop sharing' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create link' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Stop sharing' }));
    await screen.findByText('The link no longer opens this invoice');
    await user.click(screen.getByRole('tab', { name: 'History' }));
    await user.click(screen.getByRole('tab', { name: 'Share' }));
    expect(await screen.findByRole('button', { name: 'Create link' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop sharing' })).not.toBeInTheDocument();
  });
});
