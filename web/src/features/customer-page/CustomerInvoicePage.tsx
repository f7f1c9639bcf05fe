import { collectionStatusLabels, type PublicInvoiceView } from '@remit/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import {
  fetchPublicInvoice,
  fetchPublicPreview,
  fetchSharedInvoiceOwner,
  publicInvoicePath,
} from '../../api/customer-page';
import { publicInvoiceKeys } from '../../api/keys';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { formatAmount, formatDate } from '../../lib/format';
import { useAuth } from '../auth/AuthProvider';
import { useInvoiceActions } from '../dashboard/useInvoiceActions';
import { PaymentDetails } from './PaymentDetails';
import {
  Badge,
  Card,
  Center,
  CreditNoteList,
  Dates,
  Download,
  Due,
  Frame,
  Main,
  OwnerBar,
  Page,
  Side,
  Stamp,
  type Tone,
  Top,
} from './styles';

const sellerName = (view: PublicInvoiceView) => view.seller.companyName || view.seller.name;
const toneOf = (view: PublicInvoiceView): Tone =>
  view.settled ? 'paid' : view.status === 'void' ? 'void' : view.status === 'overdue' ? 'overdue' : 'open';

/** The page is for whoever holds the link: never in a search index (the server also says X-Robots-Tag). */
function useNoIndex() {
  useEffect(() => {
    const tag = document.createElement('meta');
    tag.name = 'robots';
    tag.content = 'noindex, nofollow';
    document.head.append(tag);
    return () => tag.remove();
  }, []);
}

/**
 * The customer page `/i/{token}` (issue 14): no sign-in and no way into the app — the seller's name, the
 * invoice as its PDF draws it (the Typst preview in a sandboxed frame), the amount due, how to pay, and
 * Download PDF. Everything comes from this origin.
 */
export function CustomerInvoicePage() {
  const token = useParams().token ?? '';
  const view = useQuery({
    queryKey: publicInvoiceKeys.view(token),
    queryFn: ({ signal }) => fetchPublicInvoice(token, signal),
    meta: { persist: false },
    retry: false,
  });
  const preview = useQuery({
    queryKey: publicInvoiceKeys.preview(token),
    queryFn: ({ signal }) => fetchPublicPreview(token, signal),
    enabled: !!view.data,
    meta: { persist: false },
  });
  const invoice = view.data;
  // The owner's bar: asked only when someone is signed in, answered only to the invoice's owner.
  const { status: session, user } = useAuth();
  const owned = useQuery({
    queryKey: publicInvoiceKeys.owner(token, user?.id),
    queryFn: ({ signal }) => fetchSharedInvoiceOwner(token, signal),
    enabled: session === 'signedIn' && !!invoice,
    meta: { persist: false },
    retry: false,
  });
  const ownInvoiceId = session === 'signedIn' ? (owned.data ?? null) : null;
  useNoIndex();
  useEffect(() => {
    document.title = invoice ? `Invoice ${invoice.number} from ${sellerName(invoice)}` : 'Invoice';
  }, [invoice]);

  if (view.isPending) {
    return (
      <Page>
        <Center>
          <Spinner label="Loading the invoice" />
        </Center>
      </Page>
    );
  }
  if (view.isError) {
    return (
      <Page>
        <main>
          <Center>
            <h1>The invoice could not be loaded</h1>
            <p>{view.error.message}</p>
          </Center>
        </main>
      </Page>
    );
  }
  if (!invoice) {
    return (
      <Page>
        <main>
          <Center>
            <h1>This invoice link is not valid</h1>
            <p>It may have been stopped by the sender. Ask them for a new link.</p>
          </Center>
        </main>
      </Page>
    );
  }
  const voided = invoice.status === 'void';
  return (
    <Page>
      {ownInvoiceId && <OwnerView invoiceId={ownInvoiceId} invoice={invoice} />}
      <Top>
        <p>{sellerName(invoice)}</p>
      </Top>
      <Main>
        <Card aria-label="Invoice">
          <h1>Invoice {invoice.number}</h1>
          {invoice.settled && <Stamp>Paid</Stamp>}
          {preview.isPending ? (
            <Center>
              <Spinner label="Loading the invoice" />
            </Center>
          ) : preview.isError ? (
            <p>The invoice could not be shown here; download the PDF instead.</p>
          ) : (
            <Frame title={`Invoice ${invoice.number}`} srcDoc={preview.data} sandbox="" />
          )}
        </Card>
        <Side>
          <Card aria-labelledby="due-heading">
            <h2 id="due-heading">
              {invoice.settled ? 'Paid in full' : voided ? 'Nothing to pay' : 'Amount due'}
            </h2>
            <Due>
              {voided ? (
                <s>{formatAmount(invoice.total, invoice.currency)}</s>
              ) : (
                formatAmount(invoice.settled ? invoice.total : invoice.balance, invoice.currency)
              )}
            </Due>
            <p>
              <Badge $tone={toneOf(invoice)}>{collectionStatusLabels[invoice.status]}</Badge>
            </p>
            {voided ? (
              <p>This invoice was cancelled by {sellerName(invoice)}; it asks for no payment.</p>
            ) : (
              <Dates>
                <dt>Due</dt>
                <dd>{formatDate(invoice.dueDate)}</dd>
                <dt>Issued</dt>
                <dd>{formatDate(invoice.issueDate)}</dd>
              </Dates>
            )}
            {invoice.amountPaid > 0 && !invoice.settled && (
              <p>
                {formatAmount(invoice.amountPaid, invoice.currency)} of{' '}
                {formatAmount(invoice.total, invoice.currency)} paid
              </p>
            )}
            <Download href={`${publicInvoicePath(token)}/pdf`} download>
              Download PDF
            </Download>
          </Card>
          {invoice.creditNotes.length > 0 && (
            <Card aria-labelledby="credit-notes-heading">
              <h2 id="credit-notes-heading">Credit notes</h2>
              <CreditNoteList>
                {invoice.creditNotes.map((note) => (
                  <li key={note.id}>
                    <div>
                      {note.number}
                      <span>
                        {formatDate(note.issueDate)} · {note.reason}
                      </span>
                    </div>
                    <strong>−{formatAmount(note.total, invoice.currency)}</strong>
                    <a
                      href={`${publicInvoicePath(token)}/credit-notes/${encodeURIComponent(note.id)}/pdf`}
                      download
                    >
                      Download {note.number} (PDF)
                    </a>
                  </li>
                ))}
              </CreditNoteList>
            </Card>
          )}
          {!invoice.settled && !voided && invoice.payment && (
            <Card aria-labelledby="pay-heading">
              <h2 id="pay-heading">How to pay</h2>
              <PaymentDetails payment={invoice.payment} />
            </Card>
          )}
        </Side>
      </Main>
    </Page>
  );
}

/**
 * The owner's bar on their own customer page: 'Mark as paid' (the whole balance, today, through the same
 * mutation and outbox as the dashboard) and the way back to the dashboard. A customer never gets it.
 */
function OwnerView({ invoiceId, invoice }: { invoiceId: string; invoice: PublicInvoiceView }) {
  const actions = useInvoiceActions();
  const open = invoice.balance > 0 && !invoice.settled && invoice.status !== 'void';
  return (
    <OwnerBar aria-label="Owner view">
      <p>
        <strong>Your invoice.</strong> Only you see this bar; your customer sees the page below.
      </p>
      <div>
        {open && (
          <Button
            variant="primary"
            busy={actions.markingPaidId === invoiceId}
            onClick={() => actions.markPaid(invoiceId, invoice.number)}
          >
            Mark as paid
          </Button>
        )}
        <ButtonLink to="/" variant="secondary">
          Back to dashboard
        </ButtonLink>
      </div>
    </OwnerBar>
  );
}
