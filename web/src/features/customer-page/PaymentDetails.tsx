import {
  type Catalogue,
  catalogue,
  fill,
  type PublicInvoiceView,
  paymentDetailLines,
} from '@remit/contracts';
import styled from 'styled-components';

const List = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  margin: 0;
  dt { color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; font-weight: ${({ theme }) => theme.fontWeights.semibold}; overflow-wrap: anywhere; }
`;

const PayLink = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.brand};
  color: ${({ theme }) => theme.colors.onBrand};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-decoration: none;
  &:hover { background: ${({ theme }) => theme.colors.brandHover}; color: ${({ theme }) => theme.colors.onBrand}; }
`;

const Row = styled.div`
  display: contents;
`;

const isWebLink = (link: string) => /^https?:\/\//i.test(link);

/** How to pay: the bank details with the invoice number as reference, or the digital method's link. */
export function PaymentDetails({
  payment,
  words = catalogue('en').page,
}: {
  payment: NonNullable<PublicInvoiceView['payment']>;
  /** The page's words in the invoice's language (issue 30). */
  words?: Catalogue['page'];
}) {
  if (payment.type === 'digital') {
    return (
      <div>
        {payment.instructions && <p>{payment.instructions}</p>}
        {isWebLink(payment.paymentLink) ? (
          <PayLink href={payment.paymentLink} rel="noopener noreferrer" target="_blank">
            {payment.name ? fill(words.payWith, { method: payment.name }) : words.payWithLink}
          </PayLink>
        ) : (
          <p>{payment.paymentLink}</p>
        )}
        <p>
          {words.reference}: {payment.reference}
        </p>
      </div>
    );
  }
  // The sent e-mail's 'How to pay' follows the same rule (paymentDetailLines).
  return (
    <>
      <List>
        {paymentDetailLines(payment, words).map(({ label, value }) => (
          <Row key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Row>
        ))}
      </List>
      {payment.instructions && <p>{payment.instructions}</p>}
    </>
  );
}
