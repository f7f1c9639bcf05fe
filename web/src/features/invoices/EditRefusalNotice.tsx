import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import type { EditRefusal } from './editInvoice';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.sm};
`;

/**
 * Why an edit cannot go in (issue 27), with the way on. Final: the message says to issue a credit note, and the link
 * opens the invoice with 'Issue credit note' asked. Changed on another device: nothing typed here is
 * dropped; the owner opens the other version or saves this one over it (that edit stays in History).
 */
export function EditRefusalNotice({
  invoiceId,
  refusal,
  onReload,
  onOverwrite,
}: {
  invoiceId: string;
  refusal: EditRefusal | null;
  onReload?: (() => void) | undefined;
  onOverwrite: () => void;
}) {
  if (!refusal) return null;
  const invoiceLink = `/?invoice=${encodeURIComponent(invoiceId)}`;
  if (refusal.code === 'invoice_final')
    return (
      <Alert tone="error">
        {refusal.message}
        <Actions>
          <Link to={`${invoiceLink}&credit=1`}>Issue a credit note</Link>
          <Link to={invoiceLink}>Open the invoice</Link>
        </Actions>
      </Alert>
    );
  return (
    <Alert tone="error">
      {refusal.message}
      <Actions>
        <Button variant="secondary" onClick={onReload}>
          Load the latest version
        </Button>
        <Button onClick={onOverwrite}>Save mine anyway</Button>
      </Actions>
    </Alert>
  );
}
