import { type Client, type ClientPayment, countryName, paymentMethodKindLabels } from '@remit/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { clientPageQuery } from '../../api/clients';
import { ApiError } from '../../api/errors';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Badge, Card } from '../../components/ui/Card';
import { Page } from '../../layout/Page';
import { formatAmount, formatDate } from '../../lib/format';
import { CreditNoteRows } from '../dashboard/CreditNotesList';
import { ArchiveClientDialog } from './ArchiveClientDialog';
import { ClientModal } from './ClientModal';
import { clientTitle } from './clientTitle';
import { Actions, Details, Figures, List, Loading, Muted, Primary, Row } from './parts';

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; margin-bottom: ${({ theme }) => theme.space.md}; }
`;

const Back = styled(Link)`
  display: inline-block;
  margin-bottom: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

function addressOf(client: Client): string {
  const { street, postCode, city, country } = client.address;
  const cityLine = [postCode, city].filter(Boolean).join(' ');
  return [street, cityLine, country ? (countryName(country) ?? country) : ''].filter(Boolean).join('\n');
}

function ClientDetails({ client }: { client: Client }) {
  const rows: [string, string][] = [
    ['Contact', client.contactName],
    ['Email', [client.email, ...client.ccEmails.map((cc) => `cc ${cc}`)].filter(Boolean).join('\n')],
    ['Address', addressOf(client)],
    ['VAT ID', client.vatId],
    ['Tax number', client.taxNumber],
    ['Buyer reference', client.buyerReference],
    ['Payment terms', client.paymentTermsDays === null ? '' : `${client.paymentTermsDays} days`],
    ['Currency', client.currency ?? ''],
    ['Notes', client.notes],
  ];
  const shown = rows.filter(([, value]) => value);
  if (shown.length === 0) return <Muted>No details yet.</Muted>;
  return (
    <Details>
      {shown.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </Details>
  );
}

const methodLabel = (method: string) =>
  paymentMethodKindLabels[method as keyof typeof paymentMethodKindLabels] ?? method;

function Payments({ payments }: { payments: ClientPayment[] }) {
  return (
    <List aria-label="Payments">
      {payments.map((payment) => (
        <li key={payment.id}>
          <Row>
            <Primary>
              <strong>{formatDate(payment.date)}</strong>
              <span>
                {payment.invoiceNumber} · {methodLabel(payment.method)}
                {payment.reference ? ` · ${payment.reference}` : ''}
              </span>
            </Primary>
            <Figures>
              {payment.reversed ? (
                <>
                  <s>{formatAmount(payment.amount, payment.currency)}</s>
                  <span>Reversed</span>
                </>
              ) : (
                <strong>{formatAmount(payment.amount, payment.currency)}</strong>
              )}
            </Figures>
          </Row>
        </li>
      ))}
    </List>
  );
}

/** `/clients/{id}`: a client's details, balance due, invoices, credit notes and payments (issue 29). */
export function ClientPage() {
  const id = useParams().id ?? '';
  const query = useQuery(clientPageQuery(id));
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (query.isPending) return <Loading label="Loading the client..." />;
  if (!query.data) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Page title={missing ? 'Client not found' : 'Client'}>
        <Alert tone="error">
          {missing ? 'This client does not exist or is not yours.' : 'The client could not be loaded.'}{' '}
          <Link to="/clients">Back to clients</Link>
        </Alert>
      </Page>
    );
  }
  const { client, invoices, creditNotes, payments } = query.data;
  const balance =
    client.balances.length === 0
      ? 'Nothing due'
      : client.balances.map((due) => formatAmount(due.balance, due.currency)).join(' + ');
  return (
    <Page
      eyebrow={<Back to="/clients">← Clients</Back>}
      title={clientTitle(client)}
      description={client.archived ? <Badge>Archived</Badge> : `Balance due: ${balance}`}
      actions={
        client.archived ? undefined : (
          <Actions>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit client
            </Button>
            <Button variant="ghost" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </Actions>
        )
      }
    >
      <Columns>
        <Card aria-labelledby="client-details">
          <h2 id="client-details">Details</h2>
          <ClientDetails client={client} />
        </Card>
        <section aria-labelledby="client-invoices">
          <h2 id="client-invoices">Invoices</h2>
          {invoices.length === 0 ? (
            <Muted>
              {client.email
                ? 'No invoices to this client yet.'
                : 'Add an email address to see the invoices issued to this client.'}
            </Muted>
          ) : (
            <List aria-label="Invoices">
              {invoices.map((invoice) => (
                <li key={invoice.id}>
                  <Row>
                    <Primary>
                      <strong>{invoice.number}</strong>
                      <span>
                        Issued {formatDate(invoice.issueDate)} · due {formatDate(invoice.dueDate)}
                      </span>
                    </Primary>
                    <Figures>
                      <strong>{formatAmount(invoice.total, invoice.currency)}</strong>
                      <span>
                        {invoice.voided
                          ? 'Void'
                          : invoice.balance === 0
                            ? 'Paid'
                            : `${formatAmount(invoice.balance, invoice.currency)} due`}
                      </span>
                    </Figures>
                  </Row>
                </li>
              ))}
            </List>
          )}
        </section>
        {creditNotes.length > 0 && (
          <section aria-labelledby="client-credit-notes">
            <h2 id="client-credit-notes">Credit notes</h2>
            <CreditNoteRows creditNotes={creditNotes} showCustomer={false} />
          </section>
        )}
        <section aria-labelledby="client-payments">
          <h2 id="client-payments">Payments</h2>
          {payments.length === 0 ? (
            <Muted>No payments recorded yet.</Muted>
          ) : (
            <Payments payments={payments} />
          )}
        </section>
      </Columns>
      {editing && <ClientModal client={client} onClose={() => setEditing(false)} />}
      {deleting && <ArchiveClientDialog client={client} onClose={() => setDeleting(false)} />}
    </Page>
  );
}
