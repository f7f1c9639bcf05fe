import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeToken } from '../../api/session';
import { deferred, mockApi, type RecordedRequest, testUser } from '../../test/api';
import { renderApp, warmRoutes } from '../../test/renderApp';

beforeAll(() => warmRoutes('/export'), 120_000);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const exportsOf = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.path.startsWith('/exports/'));

type Handlers = Parameters<typeof mockApi>[0];

function api(answer: Handlers[string]) {
  const handlers: Handlers = {
    'GET /auth/status': () => ({ body: { user: testUser } }),
    'GET /check-subscription': () => ({ body: { subscribed: true } }),
  };
  for (const kind of ['invoices', 'payments', 'clients', 'datev', 'archive'])
    handlers[`GET /exports/${kind}`] = answer;
  return mockApi(handlers);
}

async function open() {
  storeToken('jwt');
  renderApp('/export');
  await screen.findByRole('heading', { name: 'Export', level: 1 });
}

describe('/export', () => {
  it('downloads last quarter as CSV with semicolons by default, and says which log link it reflects', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-05-14T12:00:00'));
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { requests } = api(() => ({
      body: 'Type;Number',
      headers: {
        'Content-Disposition': 'attachment; filename="remit-invoices_2025-01-01_2025-03-31.csv"',
        'X-Remit-Chain-Link': '42',
      },
    }));
    const user = userEvent.setup();
    await open();
    expect(screen.getByRole('radio', { name: 'Last quarter' })).toBeChecked();
    expect(screen.getByText('1 Jan 2025 – 31 Mar 2025')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(
      await screen.findByText('Downloaded remit-invoices_2025-01-01_2025-03-31.csv (the log as of link 42).'),
    ).toBeInTheDocument();
    expect(saved).toEqual(['remit-invoices_2025-01-01_2025-03-31.csv']);
    expect(exportsOf(requests).map((request) => request.path)).toEqual(['/exports/invoices']);
    const [sent] = vi.mocked(fetch).mock.calls.filter(([url]) => String(url).includes('/exports/'));
    expect(String(sent?.[0])).toBe(
      '/api/exports/invoices?from=2025-01-01&to=2025-03-31&format=csv&delimiter=%3B',
    );
  });

  it('is used with the keyboard: a custom period, DATEV, and the server’s refusal on screen', async () => {
    const { requests } = api(() => ({
      status: 400,
      body: {
        error:
          'A DATEV export covers one fiscal year (yours starts on 2024-01-01); export the period in two parts',
      },
    }));
    const user = userEvent.setup();
    await open();
    const custom = screen.getByRole('radio', { name: 'Custom' });
    custom.focus();
    await user.keyboard(' ');
    expect(custom).toBeChecked();
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2024-12-01');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2025-01-31');
    screen.getByRole('radio', { name: 'DATEV' }).focus();
    await user.keyboard(' ');
    expect(screen.queryByRole('radio', { name: 'CSV' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Accounting (DATEV) in your profile' })).toHaveAttribute(
      'href',
      '/profile#accounting',
    );
    // A document in USD is not booked in DATEV (no rate is kept, D-351): the screen says where it is instead.
    expect(screen.getByText(/in a currency other than EUR are not in this file/)).toHaveTextContent(
      'they are in the CSV, XLSX and archive exports',
    );
    screen.getByRole('button', { name: 'Download' }).focus();
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText(
        'A DATEV export covers one fiscal year (yours starts on 2024-01-01); export the period in two parts',
      ),
    ).toBeInTheDocument();
    expect(exportsOf(requests)).toHaveLength(1);
  });

  it('checks the period before asking, and shows the wait while the file is made', async () => {
    const gate = deferred<void>();
    const { requests } = api(async () => {
      await gate.promise;
      return { status: 500, body: { error: '' } };
    });
    const user = userEvent.setup();
    await open();
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2025-03-31');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2025-01-01');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('The period cannot end before it starts')).toBeInTheDocument();
    expect(exportsOf(requests)).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'This year' }));
    await user.click(screen.getByRole('radio', { name: 'Archive (ZIP)' }));
    await user.dblClick(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('button', { name: 'Preparing…' })).toBeInTheDocument();
    gate.resolve(undefined);
    expect(await screen.findByText('The export could not be made. Try again.')).toBeInTheDocument();
    await waitFor(() => expect(exportsOf(requests)).toHaveLength(1));
  });
});
