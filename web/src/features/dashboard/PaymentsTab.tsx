import { collectionStatusLabels, type IssueCreditNoteInput } from '@remit/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { useCommand } from '../../api/command';
import { ApiError } from '../../api/errors';
import { invalidateAfterInvoice } from '../../api/invalidation';
import type { InvoiceListItem } from '../../api/invoiceList';
import { issueCreditNote, reversePayment, voidInvoice } from '../../api/payments';
import { setInvoiceReminders } from '../../api/reminders';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { formatAmount } from '../../lib/format';
import { Switch } from '../profile/Switch';
import { useToast } from '../toasts/ToastProvider';
import { CreditNoteDialog } from './CreditNoteDialog';
import { collectionQuery } from './invoiceQueries';
import { PaymentLine } from './PaymentLine';
import { RecordPaymentForm } from './RecordPaymentForm';
import { VoidInvoiceDialog } from './VoidInvoiceDialog';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: ${({ theme }) => theme.space.xs}; }
  li { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space.sm}; align-items: center; justify-content: space-between; }
  s { color: ${({ theme }) => theme.colors.muted}; }
`;

const Reminders = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  strong { display: block; font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
  span { display: block; font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.muted}; }
`;

const failureMessage = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : 'That did not work';

/** 'Payments' (issue 14): what was paid, record a payment, reverse one, void the invoice. */
export function PaymentsTab({
  invoice,
  startCredit = false,
}: {
  invoice: InvoiceListItem;
  /** Opens 'Issue credit note' at once (the final invoice's edit screen leads here, issue 27). */
  startCredit?: boolean;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const collection = useQuery(collectionQuery(invoice.ID));
  const done = async (message: string) => {
    toast(message, { tone: 'success' });
    await invalidateAfterInvoice(queryClient, invoice.ID, 'payment');
  };
  const failed = (error: unknown) => toast(failureMessage(error), { tone: 'error' });
  const reverse = useCommand({
    send: (paymentId: string, key) => reversePayment(invoice.ID, paymentId, key),
    onSuccess: () => done('Payment reversed'),
    onError: failed,
  });
  const [askingVoid, setAskingVoid] = useState(false);
  // The dialog shows a refusal itself and stays open; it closes once the invoice is void.
  const voiding = useCommand({
    send: (reason: string, key) => voidInvoice(invoice.ID, reason, key),
    onSuccess: async () => {
      setAskingVoid(false);
      await done('Invoice voided');
    },
  });
  const [askingCredit, setAskingCredit] = useState(startCredit);
  // Like void: the dialog shows the server's refusal and stays open; it closes once the credit note is issued.
  const crediting = useCommand({
    send: (input: IssueCreditNoteInput, key) => issueCreditNote(invoice.ID, input, key),
    onSuccess: async (answer) => {
      setAskingCredit(false);
      toast(`Credit note ${answer.number} issued`, { tone: 'success' });
      await invalidateAfterInvoice(queryClient, invoice.ID, 'credited');
    },
  });
  // Per invoice: whether the owner's automatic reminders (the policy on /profile) go to this customer.
  const reminders = useCommand({
    send: (enabled: boolean, key) => setInvoiceReminders(invoice.ID, enabled, key),
    onSuccess: async ({ remindersEnabled }) => {
      toast(
        remindersEnabled
          ? 'Automatic reminders are on for this invoice'
          : 'No automatic reminders for this invoice',
        { tone: 'success' },
      );
      await invalidateAfterInvoice(queryClient, invoice.ID, 'reminders');
    },
    onError: failed,
  });
  if (collection.isPending) return <Spinner label="Loading payments" />;
  if (collection.isError) return <p>The payments could not be loaded.</p>;
  const { Payments, Balance, AmountPaid, CollectionStatus, RemindersEnabled } = collection.data;
  const remindersOn = reminders.pending ?? RemindersEnabled;
  return (
    <Box>
      <p>
        {collectionStatusLabels[CollectionStatus]} · paid {formatAmount(AmountPaid, invoice.Currency)} · due{' '}
        {formatAmount(Balance, invoice.Currency)}
      </p>
      {Payments.length > 0 && (
        <ul aria-label="Payments">
          {Payments.map((payment) => (
            <li key={payment.id}>
              <PaymentLine payment={payment} />
              {!payment.reversed && (
                <Button variant="secondary" busy={reverse.busy} onClick={() => reverse.run(payment.id)}>
                  Reverse
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {CollectionStatus !== 'void' && Balance > 0 && (
        <RecordPaymentForm
          invoice={invoice}
          balance={Balance}
          onRecorded={() => done('Payment recorded')}
          onFailed={failed}
        />
      )}
      {CollectionStatus !== 'void' && Balance > 0 && (
        <Reminders>
          <div>
            <strong>Automatic reminders</strong>
            <span>
              {remindersOn
                ? 'Reminders go to the customer on the days set under Reminders on your profile.'
                : 'Turned off: this customer gets no automatic reminder for this invoice.'}
            </span>
          </div>
          <Switch
            checked={remindersOn}
            label="Automatic reminders for this invoice"
            disabled={reminders.busy}
            onChange={(enabled) => reminders.run(enabled)}
          />
        </Reminders>
      )}
      {CollectionStatus !== 'void' && AmountPaid === 0 && (
        <div>
          <Button
            variant="secondary"
            busy={voiding.busy}
            onClick={() => {
              voiding.reset();
              setAskingVoid(true);
            }}
          >
            Void invoice
          </Button>
        </div>
      )}
      {CollectionStatus !== 'void' && CollectionStatus !== 'credited' && (
        <div>
          <Button
            variant="secondary"
            busy={crediting.busy}
            onClick={() => {
              crediting.reset();
              setAskingCredit(true);
            }}
          >
            Issue credit note
          </Button>
        </div>
      )}
      {askingCredit && (
        <CreditNoteDialog
          invoiceId={invoice.ID}
          number={invoice.InvoiceNumber}
          busy={crediting.busy}
          failure={crediting.error ? failureMessage(crediting.error) : null}
          onIssue={(input) => crediting.run(input)}
          onCancel={() => setAskingCredit(false)}
        />
      )}
      {askingVoid && (
        <VoidInvoiceDialog
          number={invoice.InvoiceNumber}
          busy={voiding.busy}
          failure={voiding.error ? failureMessage(voiding.error) : null}
          onVoid={(reason) => voiding.run(reason)}
          onCancel={() => setAskingVoid(false)}
        />
      )}
    </Box>
  );
}
