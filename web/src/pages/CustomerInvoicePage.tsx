import { collectionStatusLabels, type PublicInvoiceView } from '@remit/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { fetchPublicInvoice, fetchPublicPreview, publicInvoicePath } from '../api/customer-page';
import { Spinner } from '../components/ui/Spinner';
import { PaymentDetails } from '../features/customer-page/PaymentDetails';
import { formatAmount, formatDate } from '../lib/format';

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
`;

const Due = styled.p`
  font-size: 2rem;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.ink};
`;

const Badge = styled.span<{ $tone: 'paid' | 'overdue' | 'open' }>`
  display: inline-block;
  padding: 2px 10px;
  border-radius: 999px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme, $tone }) => ($tone === 'paid' ? theme.colors.success : $tone === 'overdue' ? theme.colors.danger : theme.colors.brandText)};
  background: ${({ theme, $tone }) => ($tone === 'paid' ? theme.colors.successSoft : $tone === 'overdue' ? theme.colors.dangerSoft : theme.colors.brandSoft)};
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
`;

const Frame = styled.iframe`
  display: block;
  width: 100%;
  height: 80vh;
  min-height: 520px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: #fff;
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
const toneOf = (view: PublicInvoiceView) =>
  view.settled ? 'paid' : view.status === 'overdue' ? 'overdue' : 'open';

/**
 * The customer page `/i/{token}` (issue 14): no sign-in and no way into the app — the seller's name, the
 * invoice as its PDF draws it (the Typst preview in a sandboxed frame), the amount due, how to pay, and
 * Download PDF. Everything comes from this origin.
 */
export function CustomerInvoicePage() {
  const token = useParams().token ?? '';
  const view = useQuery({
    queryKey: ['public-invoice', token],
    queryFn: ({ signal }) => fetchPublicInvoice(token, signal),
    meta: { persist: false },
    retry: false,
  });
  const preview = useQuery({
    queryKey: ['public-invoice-preview', token],
    queryFn: ({ signal }) => fetchPublicPreview(token, signal),
    enabled: !!view.data,
    meta: { persist: false },
  });
  const invoice = view.data;
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
  return (
    <Page>
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
            <h2 id="due-heading">{invoice.settled ? 'Paid in full' : 'Amount due'}</h2>
            <Due>{formatAmount(invoice.settled ? invoice.total : invoice.balance, invoice.currency)}</Due>
            <p>
              <Badge $tone={toneOf(invoice)}>{collectionStatusLabels[invoice.status]}</Badge>
            </p>
            <p>
              Due {formatDate(invoice.dueDate)} · issued {formatDate(invoice.issueDate)}
            </p>
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
          {!invoice.settled && invoice.payment && (
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
