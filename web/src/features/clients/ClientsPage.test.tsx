import { clientMessages } from '@remit/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { listCommands } from '../../db/outbox';
import { type RecordedRequest, testUser } from '../../test/api';
import { warmRoutes } from '../../test/renderApp';
import { OFFLINE_SAVED } from './offline';
import { acme, api, openAt } from './testing';

beforeAll(() => warmRoutes('/clients', '/clients/c1'), 120_000);

const sent = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path);

describe('/clients', () => {
  it('lists each client with its balance due and last invoice, linking to its page', async () => {
    api();
    await openAt('/clients', 'Clients');
    const list = within(await screen.findByRole('list', { name: 'Clients' }));
    const row = list.getByRole('link', { name: /Difference Works/ });
    expect(row).toHaveAttribute('href', '/clients/c1');
    expect(row).toHaveTextContent('Charles Babbage · charles@difference.example · London');
    expect(row).toHaveTextContent('€1,901.10');
    expect(row).toHaveTextContent('Last invoice Mar 14, 2026');
  });

  it('says when there are no clients yet, and when the list cannot be loaded', async () => {
    api({ clients: [] });
    const first = await openAt('/clients', 'Clients');
    expect(await screen.findByRole('heading', { name: 'No clients yet' })).toBeInTheDocument();
    first.unmount();
    api({ listFails: true });
    await openAt('/clients', 'Clients');
    expect(await screen.findByText(/Your clients could not be loaded/)).toBeInTheDocument();
  });

  it('shows hostile names as text, never as markup', async () => {
    api({ clients: [{ ...acme, companyName: '<img src=x onerror=alert(1)>', contactName: '李小龍' }] });
    await openAt('/clients', 'Clients');
    const list = within(await screen.findByRole('list', { name: 'Clients' }));
    expect(list.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img[src=x]')).toBeNull();
  });

  it('adds a client in a dialog; a double click sends it once, with per-field messages first', {
    timeout: 60_000,
  }, async () => {
    const { requests } = api();
    const user = userEvent.setup();
    await openAt('/clients', 'Clients');
    await user.click(screen.getAllByRole('button', { name: 'New client' })[0] as HTMLElement);
    const dialog = within(screen.getByRole('dialog', { name: 'New client' }));
    await user.click(dialog.getByRole('button', { name: 'Add client' }));
    expect(await dialog.findByText(clientMessages.nameRequired)).toBeInTheDocument();
    await user.click(dialog.getByLabelText('Company name'));
    await user.paste('株式会社 東京');
    await user.click(dialog.getByLabelText('Email'));
    await user.paste('not-an-email');
    await user.tab();
    expect(await dialog.findByText(clientMessages.emailInvalid)).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Email'));
    await user.paste('info@tokyo.example');
    await user.selectOptions(dialog.getByLabelText('Country'), 'JP');
    await user.dblClick(dialog.getByRole('button', { name: 'Add client' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = sent(requests, 'POST', '/clients');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({
      companyName: '株式会社 東京',
      email: 'info@tokyo.example',
      address: { country: 'JP' },
    });
    expect(posts[0]?.headers.get('Idempotency-Key')).toBeTruthy();
  });
});

describe('offline', () => {
  it('queues a new client in the account outbox with its key when the server cannot be reached', async () => {
    api({
      onCreate: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const user = userEvent.setup();
    await openAt('/clients', 'Clients');
    await user.click(screen.getAllByRole('button', { name: 'New client' })[0] as HTMLElement);
    const dialog = within(screen.getByRole('dialog', { name: 'New client' }));
    await user.click(dialog.getByLabelText('Company name'));
    await user.paste('Offline GmbH');
    await user.click(dialog.getByRole('button', { name: 'Add client' }));
    expect(await screen.findByText(OFFLINE_SAVED)).toBeInTheDocument();
    const queued = await listCommands(testUser.id);
    expect(queued.map((command) => [command.method, command.path, command.label])).toEqual([
      ['POST', '/clients', 'Client Offline GmbH'],
    ]);
    expect(queued[0]?.body).toMatchObject({ companyName: 'Offline GmbH' });
  });
});

describe('a client page', () => {
  it('shows the details, the balance, the invoices, the credit notes and the payments', async () => {
    api();
    await openAt('/clients/c1', 'Difference Works');
    expect(screen.getByText('Balance due: €1,901.10')).toBeInTheDocument();
    const invoices = within(screen.getByRole('list', { name: 'Invoices' }));
    expect(invoices.getByText('INV-0001')).toBeInTheDocument();
    expect(invoices.getByText('€1,901.10 due')).toBeInTheDocument();
    const credits = screen.getByRole('list', { name: 'Credit notes' });
    expect(credits).toHaveTextContent('CN-0001');
    expect(credits).toHaveTextContent('Corrects INV-0000 · issued');
    expect(credits).toHaveTextContent('−€114.06');
    // The client page names no customer on each row: they are all this client's.
    expect(credits).not.toHaveTextContent('Wile E.');
    const payments = within(screen.getByRole('list', { name: 'Payments' }));
    const [received, reversed] = payments.getAllByRole('listitem');
    expect(received).toHaveTextContent('INV-0000 · Bank transfer · SEPA 123');
    expect(received).toHaveTextContent('€500.00');
    expect(reversed).toHaveTextContent('Reversed');
  });

  it('edits from the version it opened; a later edit from another tab answers 409 with a clear message', async () => {
    const { requests } = api({
      onUpdate: () => ({
        status: 409,
        body: { error: clientMessages.changedElsewhere, code: 'changed_elsewhere' },
      }),
    });
    const user = userEvent.setup();
    await openAt('/clients/c1', 'Difference Works');
    await user.click(screen.getByRole('button', { name: 'Edit client' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit client' }));
    await user.clear(dialog.getByLabelText('Company name'));
    await user.paste('Tab Two Ltd');
    await user.dblClick(dialog.getByRole('button', { name: 'Save client' }));
    expect(await dialog.findByText(clientMessages.changedElsewhere)).toBeInTheDocument();
    const puts = sent(requests, 'PUT', '/clients/c1');
    expect(puts).toHaveLength(1);
    expect(puts[0]?.body).toMatchObject({ version: 1, client: { companyName: 'Tab Two Ltd' } });
  });

  it('deletes (archives) a client with open invoices once on a double click', async () => {
    const { requests } = api();
    const user = userEvent.setup();
    await openAt('/clients/c1', 'Difference Works');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete client' }));
    expect(dialog.getByText(/keep the details they were issued with/)).toBeInTheDocument();
    await user.dblClick(dialog.getByRole('button', { name: 'Delete client' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent(requests, 'DELETE', '/clients/c1')).toHaveLength(1);
  });
});
