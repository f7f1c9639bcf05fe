import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { storeToken } from '../../api/session';
import { mockApi, testUser } from '../../test/api';
import { renderWithProviders } from '../../test/renderApp';
import { HistoryTab } from './HistoryTab';

const sent = (at: string, delivery: 'queued' | 'sent' | 'failed', summary: string) => ({
  type: 'InvoiceSent',
  at,
  by: { id: 'u1', name: 'Ada' },
  summary,
  delivery,
});

describe("the History tab's sends (issue 34, item 3)", () => {
  it('shows each send Queued, Sent or Failed, and offers Send again for a failed one', async () => {
    storeToken('jwt');
    mockApi({
      'GET /auth/status': () => ({ body: { user: testUser } }),
      'GET /invoices/inv-1/history': () => ({
        body: {
          events: [
            sent('2026-03-01T09:00:00Z', 'sent', 'Sent to a@example.com: Invoice 1'),
            sent('2026-03-02T09:00:00Z', 'failed', 'Could not be delivered to b@example.com: Invoice 1'),
            sent('2026-03-03T09:00:00Z', 'queued', 'Queued for c@example.com: Invoice 1'),
          ],
        },
      }),
    });
    const onSendAgain = vi.fn();
    const router = createMemoryRouter([
      { path: '*', element: <HistoryTab id="inv-1" onSendAgain={onSendAgain} /> },
    ]);
    renderWithProviders(router);

    const history = await screen.findByRole('list', { name: 'Invoice history' });
    const [delivered, failed, queued] = within(history).getAllByRole('listitem');
    expect(within(delivered as HTMLElement).getByText('Sent', { selector: 'b' })).toBeInTheDocument();
    expect(within(queued as HTMLElement).getByText('Queued')).toBeInTheDocument();
    expect(within(failed as HTMLElement).getByText('Failed')).toBeInTheDocument();
    expect(within(delivered as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(failed as HTMLElement).getByRole('button', { name: 'Send again' }));
    expect(onSendAgain).toHaveBeenCalledTimes(1);
  });
});
