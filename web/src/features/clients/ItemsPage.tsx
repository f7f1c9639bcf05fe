import type { Item } from '@remit/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteItem, itemsQuery } from '../../api/clients';
import { useCommand } from '../../api/command';
import { errorMessage } from '../../api/errors';
import { invalidateAfter } from '../../api/invalidation';
import { icons, LineIcon } from '../../components/EmptyState';
import { Button } from '../../components/ui/Button';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { Page } from '../../layout/Page';
import { formatAmount } from '../../lib/format';
import { useToast } from '../toasts/ToastProvider';
import { downloadCsv, itemsCsv } from './csvExport';
import { ImportDialog } from './ImportDialog';
import { ItemModal } from './ItemModal';
import { unitLabel } from './itemForm';
import { OFFLINE_SAVED, queueIfOffline } from './offline';
import { Actions, Figures, Primary, Row } from './parts';
import { SearchableList } from './SearchableList';

function ItemRow({ item, onEdit }: { item: Item; onEdit: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const remove = useCommand({
    send: async (id: string, key) => {
      try {
        return await deleteItem(id, key);
      } catch (error) {
        const path = `/items/${encodeURIComponent(id)}`;
        const label = `Delete item ${item.name}`;
        if (await queueIfOffline(error, { method: 'DELETE', path, idempotencyKey: key, label })) return null;
        throw error;
      }
    },
    onSuccess: async (answer) => {
      toast(answer ? 'Item deleted' : OFFLINE_SAVED, { tone: answer ? 'success' : 'info' });
      await invalidateAfter(queryClient, 'items');
    },
    onError: (error) => toast(errorMessage(error, 'Failed to delete the item'), { tone: 'error' }),
  });
  return (
    <li>
      <Row>
        <Primary>
          <strong>{item.name}</strong>
          {item.description && <span>{item.description}</span>}
        </Primary>
        <Figures>
          <strong>
            {formatAmount(item.priceMinor, item.currency)} / {unitLabel(item.unit)}
          </strong>
          <span>{item.vatRate === null ? 'VAT from the invoice' : `VAT ${item.vatRate / 100}%`}</span>
        </Figures>
        <Actions>
          <Button variant="secondary" size="md" onClick={onEdit} aria-label={`Edit ${item.name}`}>
            Edit
          </Button>
          <Button
            variant="ghost"
            busy={remove.busy}
            disabled={remove.busy}
            onClick={() => remove.run(item.id)}
            aria-label={`Delete ${item.name}`}
          >
            Delete
          </Button>
        </Actions>
      </Row>
    </li>
  );
}

/** `/items` (issue 29): the catalogue of services and goods with their prices. */
export function ItemsPage() {
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Item | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const query = useQuery(itemsQuery(useDebouncedValue(search.trim(), 300)));
  const items = query.data;
  return (
    <Page
      title="Items"
      description="The services and goods you bill, with their prices."
      actions={
        <Actions>
          <Button variant="secondary" onClick={() => setImporting(true)}>
            Import CSV
          </Button>
          <Button
            variant="secondary"
            disabled={!items || items.length === 0}
            onClick={() => items && downloadCsv('items.csv', itemsCsv(items))}
          >
            Export CSV
          </Button>
          <Button onClick={() => setEditing('new')}>New item</Button>
        </Actions>
      }
    >
      <SearchableList
        noun="item"
        plural="Items"
        placeholder="Search by name or description"
        search={search}
        onSearch={setSearch}
        query={query}
        icon={<LineIcon d={icons.card} />}
        emptyHint="Keep the services you bill with their hourly or daily rate, so an invoice line is one pick."
        onNew={() => setEditing('new')}
      >
        {(rows) => rows.map((item) => <ItemRow key={item.id} item={item} onEdit={() => setEditing(item)} />)}
      </SearchableList>
      {importing && <ImportDialog kind="items" onClose={() => setImporting(false)} />}
      {editing && <ItemModal item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Page>
  );
}
