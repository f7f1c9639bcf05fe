import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { warmRoutes } from '../../test/renderApp';
import { api, openAt } from './testing';

beforeAll(() => warmRoutes('/clients'), 120_000);

/** The rows a multipart import carried (its `import` field). */
function importedRows(fetchMock: ReturnType<typeof api>['fetchMock']) {
  const call = fetchMock.mock.calls.find(
    ([url, init]) => String(url).endsWith('/clients/import') && init?.method === 'POST',
  );
  const form = call?.[1]?.body as FormData;
  return JSON.parse(String(form.get('import'))).clients as { companyName: string }[];
}

describe('importing clients from CSV', () => {
  it('maps the columns, previews per row, and imports the good rows once on a double click', {
    timeout: 60_000,
  }, async () => {
    const { requests, fetchMock } = api();
    const user = userEvent.setup();
    await openAt('/clients', 'Clients');
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Import clients' }));
    const csv =
      '\uFEFFFirma;E-Mail;PLZ;Ort;Land\r\nMüller GmbH;info@mueller.example;10115;Berlin;Germany\r\nBroken;nope;;;\r\n';
    const file = new File([csv], 'clients.csv', { type: 'text/csv' });
    await user.upload(dialog.getByLabelText(/Choose a CSV file/), file);
    expect(await dialog.findByText(/2 rows, UTF-8, separated by semicolons/)).toBeInTheDocument();
    expect(dialog.getByLabelText('Company name')).toHaveDisplayValue('Firma');
    expect(dialog.getByLabelText('Email')).toHaveDisplayValue('E-Mail');
    const preview = within(dialog.getByRole('table', { name: 'Import preview' }));
    expect(preview.getByText('Refused: Email: Please enter a valid email address')).toBeInTheDocument();
    expect(preview.getByText('Will be created')).toBeInTheDocument();
    await user.dblClick(dialog.getByRole('button', { name: 'Import 1 client' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((request) => request.path === '/clients/import')).toHaveLength(1);
    expect(importedRows(fetchMock).map((row) => row.companyName)).toEqual(['Müller GmbH']);
  });

  it('offers the customers of past invoices, listing them before creating them in one click', async () => {
    const { requests } = api({
      candidates: [
        {
          email: 'grace@example.com',
          contactName: 'Grace Hopper',
          companyName: 'Compilers Inc',
          address: '1 Navy Yard, Arlington',
          vatId: '',
          invoices: 3,
        },
      ],
    });
    const user = userEvent.setup();
    await openAt('/clients', 'Clients');
    await user.click(await screen.findByRole('button', { name: 'Create clients from past invoices' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create clients from past invoices' }));
    expect(dialog.getByText('Grace Hopper · grace@example.com · 3 invoices')).toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/clients/import')).toHaveLength(0);
    await user.dblClick(dialog.getByRole('button', { name: 'Create 1 client' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.filter((request) => request.path === '/clients/import')).toHaveLength(1);
  });

  it("hides the offer after 'Not now' until a new customer appears", async () => {
    const grace = {
      email: 'grace@example.com',
      contactName: 'Grace Hopper',
      companyName: 'Compilers Inc',
      address: '',
      vatId: '',
      invoices: 1,
    };
    api({ candidates: [grace] });
    const user = userEvent.setup();
    const first = await openAt('/clients', 'Clients');
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(
      screen.queryByRole('button', { name: 'Create clients from past invoices' }),
    ).not.toBeInTheDocument();
    first.unmount();
    api({ candidates: [grace, { ...grace, email: 'alan@example.com', contactName: 'Alan Turing' }] });
    await openAt('/clients', 'Clients');
    expect(
      await screen.findByText('1 customer of your past invoices is not a client yet.'),
    ).toBeInTheDocument();
  });
});
