import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/ui/Alert';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { formatAmount } from '../../lib/format';
import { Loading } from '../clients/parts';
import { invoiceListQuery } from '../dashboard/queries';
import { SelectField } from '../invoices/fields';
import { Footer, Grid } from './editorParts';

/** The invoice to repeat, when the screen was not opened from one: the latest invoices to choose from. */
export function InvoicePicker({ onPick }: { onPick: (id: string) => void }) {
  const list = useQuery(invoiceListQuery(1, ''));
  const [chosen, setChosen] = useState('');
  if (list.isPending) return <Loading label="Loading your invoices..." />;
  const invoices = list.data?.invoices ?? [];
  if (invoices.length === 0)
    return (
      <Alert tone="info">
        A recurring invoice repeats one of your invoices.{' '}
        <Link to="/invoice/create">Create the first one</Link>, then choose 'Make recurring' on it.
      </Alert>
    );
  return (
    <Card aria-labelledby="recurring-pick" style={{ maxWidth: 640 }}>
      <h2 id="recurring-pick">Which invoice repeats?</h2>
      <Grid>
        <SelectField
          label="Invoice"
          name="invoice"
          value={chosen}
          error={undefined}
          onBlur={() => {}}
          onChange={(event) => setChosen(event.target.value)}
          options={[
            { value: '', label: 'Choose an invoice' },
            ...invoices.map((invoice) => ({
              value: invoice.ID,
              label: `${invoice.InvoiceNumber} · ${invoice.CustomerName} · ${formatAmount(invoice.Amount, invoice.Currency)}`,
            })),
          ]}
        />
      </Grid>
      <Footer style={{ marginTop: 16 }}>
        <Button disabled={!chosen} onClick={() => onPick(chosen)}>
          Use this invoice
        </Button>
        <ButtonLink variant="secondary" to="/invoice/create">
          Write a new invoice
        </ButtonLink>
      </Footer>
    </Card>
  );
}
