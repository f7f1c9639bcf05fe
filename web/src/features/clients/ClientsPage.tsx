import type { ClientListEntry } from '@remit/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { clientsQuery } from '../../api/clients';
import { icons, LineIcon } from '../../components/EmptyState';
import { Button } from '../../components/ui/Button';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { Page } from '../../layout/Page';
import { formatAmount, formatCount, formatDate } from '../../lib/format';
import { ClientModal } from './ClientModal';
import { clientTitle } from './clientTitle';
import { clientsCsv, downloadCsv } from './csvExport';
import { FromInvoices } from './FromInvoices';
import { ImportDialog } from './ImportDialog';
import { Actions, Figures, Muted, Primary, RowLink } from './parts';
import { SearchableList } from './SearchableList';

/** Rows on screen at once; the search finds the rest, the export takes them all. */
const SHOWN = 200;

function ClientRow({ client }: { client: ClientListEntry }) {
  const second = [client.companyName ? client.contactName : '', client.email, client.address.city]
    .filter(Boolean)
    .join(' · ');
  return (
    <li>
      <RowLink to={`/clients/${encodeURIComponent(client.id)}`}>
        <Primary>
          <strong>{clientTitle(client)}</strong>
          {second && <span>{second}</span>}
        </Primary>
        <Figures>
          {client.balances.length === 0 ? (
            <span>Nothing due</span>
          ) : (
            <strong>
              {client.balances.map((due) => formatAmount(due.balance, due.currency)).join(' + ')}
            </strong>
          )}
          <span>
            {client.lastInvoiceDate
              ? `Last invoice ${formatDate(client.lastInvoiceDate)}`
              : 'No invoices yet'}
          </span>
        </Figures>
      </RowLink>
    </li>
  );
}

/** `/clients` (issue 29): the address book with search, balance due and last invoice per client. */
export function ClientsPage() {
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const query = useQuery(clientsQuery(useDebouncedValue(search.trim(), 300)));
  const clients = query.data;

  return (
    <Page
      title="Clients"
      description="The people and companies you invoice."
      actions={
        <Actions>
          <Button variant="secondary" onClick={() => setImporting(true)}>
            Import CSV
          </Button>
          <Button
            variant="secondary"
            disabled={!clients || clients.length === 0}
            onClick={() => clients && downloadCsv('clients.csv', clientsCsv(clients))}
          >
            Export CSV
          </Button>
          <Button onClick={() => setCreating(true)}>New client</Button>
        </Actions>
      }
    >
      <FromInvoices />
      <SearchableList
        noun="client"
        plural="Clients"
        placeholder="Search by name, email or city"
        search={search}
        onSearch={setSearch}
        query={query}
        icon={<LineIcon d={icons.user} />}
        emptyHint="Add the people and companies you invoice, with their address, tax details and payment terms."
        onNew={() => setCreating(true)}
      >
        {(rows) => rows.slice(0, SHOWN).map((client) => <ClientRow key={client.id} client={client} />)}
      </SearchableList>
      {clients && clients.length > SHOWN && (
        <Muted>
          Showing {SHOWN} of {formatCount(clients.length)} clients; search to find the others.
        </Muted>
      )}
      {creating && <ClientModal client={null} onClose={() => setCreating(false)} />}
      {importing && <ImportDialog kind="clients" onClose={() => setImporting(false)} />}
    </Page>
  );
}
