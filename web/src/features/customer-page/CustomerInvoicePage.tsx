import { collectionStatusLabels, type PublicInvoiceView } from '@remit/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
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

const Page = styled.div`
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
`;

const Top = styled.header`
  padding: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  p { margin: 0; font-size: ${({ theme }) => theme.fontSizes.lg}; font-weight: ${({ theme }) => theme.fontWeights.semibold}; color: ${({ theme }) => theme.colors.ink}; }
`;

const Main = styled.main`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 340px;
  gap: ${({ theme }) => theme.space.lg};
  max-width: 1180px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.lg};
  @media (max-width: 860px) {
    grid-template-columns: minmax(0, 1fr);
    padding: ${({ theme }) => theme.space.sm};
  }
`;

const Card = styled.section`
  position: relative;
  padding: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  h1, h2 { margin: 0 0 ${({ theme }) => theme.space.sm}; font-size: ${({ theme }) => theme.fontSizes.lg}; color: ${({ theme }) => theme.colors.ink}; }
  p { margin: ${({ theme }) => theme.space.xs} 0; }
`;

const Side = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  /* On a phone what is due and how to pay come first, the invoice itself below. */
  @media (max-width: 860px) { order: -1; }
`;

const Dates = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 2px ${({ theme }) => theme.space.sm};
  margin: ${({ theme }) => theme.space.xs} 0 ${({ theme }) => theme.space.md};
  dt { color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; color: ${({ theme }) => theme.colors.ink}; }
`;

const Due = styled.p`
  font-size: 2rem;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.ink};
`;

type Tone = 'paid' | 'overdue' | 'open' | 'void';
const toneColours = {
  paid: ['success', 'successSoft'],
  overdue: ['danger', 'dangerSoft'],
  open: ['brandText', 'brandSoft'],
  void: ['muted', 'surfaceSunken'],
} as const;

const Badge = styled.span<{ $tone: Tone }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme, $tone }) => theme.colors[toneColours[$tone][0]]};
  background: ${({ theme, $tone }) => theme.colors[toneColours[$tone][1]]};
`;

/** Only for the signed-in owner of the invoice: never rendered for a customer. */
const OwnerBar = styled.aside`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.brandSoft};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.ink};
  p { margin: 0; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  div { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space.xs}; }
  @media (max-width: 860px) { padding: ${({ theme }) => theme.space.sm}; }
`;

const Stamp = styled.p`
  position: absolute;
  top: ${({ theme }) => theme.space.xl};
  right: ${({ theme }) => theme.space.xl};
  margin: 0;
  padding: 4px 18px;
  border: 4px solid ${({ theme }) => theme.colors.success};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.success};
  background: rgba(255, 255, 255, 0.85);
  font-size: 2rem;
  font-weight: 800;
  letter-spacing: 0.1em;
  text-transform: uppercase;
  transform: rotate(-12deg);
  pointer-events: none;
  @media (max-width: 860px) {
    top: ${({ theme }) => theme.space.lg};
    right: ${({ theme }) => theme.space.md};
    padding: 2px 12px;
    border-width: 3px;
    font-size: 1.25rem;
  }
`;

const Frame = styled.iframe`
  display: block;
  width: 100%;
  height: 80vh;
  min-height: 520px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: #fff;
  /* On a phone the first page fits the frame's width, without a screen of grey below it (A4 plus the
     preview's margins); later pages scroll inside the frame. */
  @media (max-width: 860px) {
    height: auto;
    min-height: 0;
    aspect-ratio: 1 / 1.42;
  }
`;

const Download = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 100%;
  min-height: 44px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.brand};
  color: ${({ theme }) => theme.colors.onBrand};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-decoration: none;
  &:hover { background: ${({ theme }) => theme.colors.brandHover}; color: ${({ theme }) => theme.colors.onBrand}; }
`;

const Center = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  padding: ${({ theme }) => theme.space.xl};
  text-align: center;
`;

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
