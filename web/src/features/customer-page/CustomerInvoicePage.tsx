import { catalogue, fill, formatDocumentDate, formatMoney, type PublicInvoiceView } from '@remit/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import {
  confirmPublicCheckout,
  fetchPublicInvoice,
  fetchPublicPreview,
  fetchSharedInvoiceOwner,
  publicInvoicePath,
} from '../../api/customer-page';
import { publicInvoiceKeys } from '../../api/keys';
import { Alert } from '../../components/ui/Alert';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { formatAmount, formatDate } from '../../lib/format';
import { useAuth } from '../auth/AuthProvider';
import { useInvoiceActions } from '../dashboard/useInvoiceActions';
import { PaymentDetails } from './PaymentDetails';
import { PayOnline } from './PayOnline';
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
  Notice,
  OwnerBar,
  Page,
  Side,
  Stack,
  Stamp,
  type Tone,
  Top,
} from './styles';

const sellerName = (view: PublicInvoiceView) => view.seller.companyName || view.seller.name;

/**
 * The page in the invoice's language (issue 30): its words from the catalogue, money and dates as the language
 * writes them. English keeps the app's short dates and amounts (spec §9).
 */
function pageWords(view: PublicInvoiceView) {
  const words = catalogue(view.language);
  const english = view.language === 'en';
  return {
    t: words.page,
    money: (amount: number) =>
      english
        ? formatAmount(amount, view.currency)
        : formatMoney({ amount, currency: view.currency }, words.locale.money),
    date: (iso: string) => (english ? formatDate(iso) : formatDocumentDate(iso, view.language)),
  };
}
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
  const returned = useCheckoutReturn(token);
  const view = useQuery({
    queryKey: publicInvoiceKeys.view(token),
    queryFn: ({ signal }) => fetchPublicInvoice(token, signal),
    meta: { persist: false },
    retry: false,
    // Back from a paid checkout: the page follows until the read side shows what the provider said.
    refetchInterval: (query) =>
      returned.data?.paid && query.state.data && !query.state.data.settled && returned.data.settled
        ? 1_000
        : false,
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
    document.title = invoice
      ? fill(catalogue(invoice.language).page.title, { number: invoice.number, seller: sellerName(invoice) })
      : 'Invoice';
    if (invoice) document.documentElement.lang = invoice.language;
    return () => {
      document.documentElement.lang = 'en';
    };
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
  const { t, money, date } = pageWords(invoice);
  // The provider's word on return counts at once, before the read side has caught up with it.
  const settled = invoice.settled || (returned.data?.settled ?? false);
  const payOnline = invoice.payOnline && !settled && !voided && !returned.data?.paid;
  return (
    <Page>
      {ownInvoiceId && <OwnerView invoiceId={ownInvoiceId} invoice={invoice} />}
      <Top>
        <p>{sellerName(invoice)}</p>
      </Top>
      <Main>
        <Card aria-label={catalogue(invoice.language).document.invoice}>
          <h1>{fill(t.heading, { number: invoice.number })}</h1>
          {settled && <Stamp>{t.paidStamp}</Stamp>}
          {preview.isPending ? (
            <Center>
              <Spinner label={t.loading} />
            </Center>
          ) : preview.isError ? (
            <p>{t.previewFailed}</p>
          ) : (
            <Frame title={fill(t.heading, { number: invoice.number })} srcDoc={preview.data} sandbox="" />
          )}
        </Card>
        <Side>
          <Card aria-labelledby="due-heading">
            <CheckoutNotice outcome={returned} cancelled={returned.cancelled} />
            <h2 id="due-heading">{settled ? t.paidInFull : voided ? t.nothingToPay : t.amountDue}</h2>
            <Due>
              {voided ? <s>{money(invoice.total)}</s> : money(settled ? invoice.total : invoice.balance)}
            </Due>
            <p>
              {settled && !invoice.settled ? (
                <Badge $tone="paid">{t.status.paid}</Badge>
              ) : (
                <Badge $tone={toneOf(invoice)}>{t.status[invoice.status]}</Badge>
              )}
            </p>
            {voided ? (
              <p>{fill(t.cancelledBy, { seller: sellerName(invoice) })}</p>
            ) : (
              <Dates>
                <dt>{t.due}</dt>
                <dd>{date(invoice.dueDate)}</dd>
                <dt>{t.issued}</dt>
                <dd>{date(invoice.issueDate)}</dd>
              </Dates>
            )}
            {invoice.amountPaid > 0 && !settled && (
              <p>{fill(t.paidOf, { paid: money(invoice.amountPaid), total: money(invoice.total) })}</p>
            )}
            <Stack>
              {payOnline && <PayOnline token={token} invoice={invoice} />}
              <Download href={`${publicInvoicePath(token)}/pdf`} download $secondary={payOnline}>
                {t.downloadPdf}
              </Download>
            </Stack>
          </Card>
          {invoice.creditNotes.length > 0 && (
            <Card aria-labelledby="credit-notes-heading">
              <h2 id="credit-notes-heading">{t.creditNotes}</h2>
              <CreditNoteList>
                {invoice.creditNotes.map((note) => (
                  <li key={note.id}>
                    <div>
                      {note.number}
                      <span>
                        {date(note.issueDate)} · {note.reason}
                      </span>
                    </div>
                    <strong>−{money(note.total)}</strong>
                    <a
                      href={`${publicInvoicePath(token)}/credit-notes/${encodeURIComponent(note.id)}/pdf`}
                      download
                    >
                      {fill(t.downloadDocument, { number: note.number })}
                    </a>
                  </li>
                ))}
              </CreditNoteList>
            </Card>
          )}
          {!settled && !voided && invoice.payment && (
            <Card aria-labelledby="pay-heading">
              <h2 id="pay-heading">{t.howToPay}</h2>
              <PaymentDetails payment={invoice.payment} words={t} />
            </Card>
          )}
        </Side>
      </Main>
    </Page>
  );
}

/**
 * Back from the provider's checkout (`?checkout=return&session_id=…`): the payment is confirmed with the
 * provider through the server (recorded there if its webhook has not come yet), as billing's /success does.
 * The query string is then cleared, so a reload or a shared link does not confirm again.
 */
function useCheckoutReturn(token: string) {
  const [params, setParams] = useSearchParams();
  const sessionId = params.get('checkout') === 'return' ? params.get('session_id') : null;
  const cancelled = params.get('checkout') === 'cancelled';
  const confirm = useMutation({
    mutationFn: (session: string) => confirmPublicCheckout(token, session),
  });
  const { mutate } = confirm;
  useEffect(() => {
    if (!sessionId) return;
    mutate(sessionId);
    setParams({}, { replace: true });
  }, [sessionId, mutate, setParams]);
  return Object.assign(confirm, { cancelled });
}

function CheckoutNotice({
  outcome,
  cancelled,
}: {
  outcome: ReturnType<typeof useCheckoutReturn>;
  cancelled: boolean;
}) {
  const message = outcome.isPending ? (
    <Spinner label="Confirming your payment..." />
  ) : outcome.isError ? (
    <Alert tone="error">{outcome.error.message}</Alert>
  ) : outcome.data?.paid ? (
    <Alert tone="success">Payment received. Thank you!</Alert>
  ) : outcome.data ? (
    <Alert tone="info">Your payment is being processed; this page will show it once it is confirmed.</Alert>
  ) : cancelled ? (
    <Alert tone="info">Payment cancelled. Nothing was charged.</Alert>
  ) : null;
  return message && <Notice>{message}</Notice>;
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
