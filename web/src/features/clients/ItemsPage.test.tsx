import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../test/api';
import { warmRoutes } from '../../test/renderApp';
import { api, openAt } from './testing';

beforeAll(() => warmRoutes('/items'), 120_000);

const sent = (requests: RecordedRequest[], method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path);

describe('/items', () => {
  it('lists each item with its price per unit', async () => {
    api();
    await openAt('/items', 'Items');
    const list = within(await screen.findByRole('list', { name: 'Items' }));
    expect(list.getByText('Design work')).toBeInTheDocument();
    expect(list.getByText('€85.00 / hour')).toBeInTheDocument();
  });

  it('says when the catalogue is empty', async () => {
    api({ items: [] });
    await openAt('/items', 'Items');
    expect(await screen.findByRole('heading', { name: 'No items yet' })).toBeInTheDocument();
  });

  it('adds an hourly service by default; the price is checked by its currency; a double click sends once', async () => {
    const { requests } = api();
    const user = userEvent.setup();
    await openAt('/items', 'Items');
    await user.click(screen.getByRole('button', { name: 'New item' }));
    const dialog = within(screen.getByRole('dialog', { name: 'New item' }));
    expect(dialog.getByLabelText('Unit')).toHaveValue('HUR');
    await user.click(dialog.getByLabelText('Name'));
    await user.paste('Consulting');
    await user.click(dialog.getByLabelText('Price'));
    await user.paste('90.505');
    await user.tab();
    expect(await dialog.findByText(/Price can have at most 2 decimals in EUR/)).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Price'));
    await user.paste('90,50');
    await user.dblClick(dialog.getByRole('button', { name: 'Add item' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = sent(requests, 'POST', '/items');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toMatchObject({
      name: 'Consulting',
      price: '90,50',
      unit: 'HUR',
      currency: 'EUR',
    });
  });

  it('deletes an item once on a double click', async () => {
    const { requests } = api();
    const user = userEvent.setup();
    await openAt('/items', 'Items');
    await user.dblClick(await screen.findByRole('button', { name: 'Delete Design work' }));
    await waitFor(() => expect(sent(requests, 'DELETE', '/items/i1')).toHaveLength(1));
    expect(await screen.findByText('Item deleted')).toBeInTheDocument();
    expect(sent(requests, 'DELETE', '/items/i1')).toHaveLength(1);
  });

  it('edits an item from the version it opened, once on a double click', async () => {
    const { requests } = api();
    const user = userEvent.setup();
    await openAt('/items', 'Items');
    await user.click(await screen.findByRole('button', { name: 'Edit Design work' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit item' }));
    expect(dialog.getByLabelText('Price')).toHaveValue('85.00');
    await user.clear(dialog.getByLabelText('Price'));
    await user.paste('90');
    await user.dblClick(dialog.getByRole('button', { name: 'Save item' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const puts = sent(requests, 'PUT', '/items/i1');
    expect(puts).toHaveLength(1);
    expect(puts[0]?.body).toMatchObject({ version: 1, item: { price: '90', unit: 'HUR' } });
  });
});
