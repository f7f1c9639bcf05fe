import {
  addDays,
  collectionStatusLabels,
  money,
  paymentAmountIn,
  paymentDateMessage,
  toDecimalString,
} from '@remit/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { newIdempotencyKey } from '../../api/client';
import { ApiError } from '../../api/errors';
import { invalidateAfter } from '../../api/invalidation';
import type { InvoiceListItem } from '../../api/invoices';
import { fetchCollection, recordPayment, reversePayment, voidInvoice } from '../../api/payments';
import { setInvoiceReminders } from '../../api/reminders';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { formatAmount } from '../../lib/format';
import { Switch } from '../profile/Switch';
import { useToast } from '../toasts/ToastProvider';
import { VoidInvoiceDialog } from './VoidInvoiceDialog';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: ${({ theme }) => theme.space.xs}; }
  li { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space.sm}; align-items: center; justify-content: space-between; }
  s { color: ${({ theme }) => theme.colors.muted}; }
  form { display: flex; flex-wrap: wrap; gap: ${({ theme }) => theme.space.sm}; align-items: end; }
  label { display: flex; flex-direction: column; gap: 4px; font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
  input, select { min-height: 38px; padding: 0 ${({ theme }) => theme.space.xs}; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.md}; font: inherit; font-weight: normal; }
`;

const Message = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: normal;
  color: ${({ theme }) => theme.colors.danger};
  &:empty { display: none; }
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

const paymentKey = (id: string) => ['invoices', 'collection', id] as const;

/** 'Payments' (issue 14): what was paid, record a payment, reverse one, void the invoice. */
export function PaymentsTab({ invoice }: { invoice: InvoiceListItem }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const collection = useQuery({
    queryKey: paymentKey(invoice.ID),
    queryFn: ({ signal }) => fetchCollection(invoice.ID, signal),
    meta: { persist: false },
  });
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(new Date().toISOString().slice(0, 10));
  const [method, setMethod] = useState<'bank_transfer' | 'card' | 'cash' | 'cheque' | 'digital' | 'other'>(
    'bank_transfer',
  );
  const done = async (message: string) => {
    toast(message, { tone: 'success' });
    await queryClient.invalidateQueries({ queryKey: paymentKey(invoice.ID) });
    await invalidateAfter(queryClient, 'invoices');
  };
  const failed = (error: unknown) => toast(failureMessage(error), { tone: 'error' });
  // Read as the server reads it (contracts, payment-input.ts): in the invoice's currency, before sending.
  const amountRead = amount.trim() === '' ? null : paymentAmountIn(amount, invoice.Currency);
  const amountMessage = amountRead && 'message' in amountRead ? amountRead.message : null;
  const today = new Date().toISOString().slice(0, 10);
  const dateMessage = date ? paymentDateMessage(date, invoice.IssueDate, today) : null;
  const record = useMutation({
    mutationFn: () => recordPayment(invoice.ID, { amount, date, method }, newIdempotencyKey()),
    onSuccess: () => done('Payment recorded'),
    onError: failed,
  });
  const reverse = useMutation({
    mutationFn: (paymentId: string) => reversePayment(invoice.ID, paymentId, newIdempotencyKey()),
    onSuccess: () => done('Payment reversed'),
    onError: failed,
  });
  const [askingVoid, setAskingVoid] = useState(false);
  // The dialog shows a refusal itself and stays open; it closes once the invoice is void.
  const voiding = useMutation({
    mutationFn: (reason: string) => voidInvoice(invoice.ID, reason, newIdempotencyKey()),
    onSuccess: async () => {
      setAskingVoid(false);
      await done('Invoice voided');
    },
  });
  // Per invoice: whether the owner's automatic reminders (the policy on /profile) go to this customer.
  const reminders = useMutation({
    mutationFn: (enabled: boolean) => setInvoiceReminders(invoice.ID, enabled, newIdempotencyKey()),
    onSuccess: async ({ remindersEnabled }) => {
      toast(
        remindersEnabled
          ? 'Automatic reminders are on for this invoice'
          : 'No automatic reminders for this invoice',
        { tone: 'success' },
      );
      await queryClient.invalidateQueries({ queryKey: paymentKey(invoice.ID) });
    },
    onError: failed,
  });
  if (collection.isPending) return <Spinner label="Loading payments" />;
  if (collection.isError) return <p>The payments could not be loaded.</p>;
  const { Payments, Balance, AmountPaid, CollectionStatus, RemindersEnabled } = collection.data;
  const remindersOn = reminders.isPending ? (reminders.variables ?? RemindersEnabled) : RemindersEnabled;
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
              {payment.reversed ? (
                <s>
                  {formatAmount(payment.amount, payment.currency)} on {payment.date} (reversed)
                </s>
              ) : (
                <span>
                  {formatAmount(payment.amount, payment.currency)} on {payment.date}
                  {payment.reference ? ` · ${payment.reference}` : ''}
                </span>
              )}
              {!payment.reversed && (
                <Button
                  variant="secondary"
                  busy={reverse.isPending}
                  onClick={() => reverse.mutate(payment.id)}
                >
                  Reverse
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {CollectionStatus !== 'void' && Balance > 0 && (
        <form
          aria-label="Record a payment"
          onSubmit={(event) => {
            event.preventDefault();
            if (!amountMessage && !dateMessage) record.mutate();
          }}
        >
          <label>
            Amount
            <input
              inputMode="decimal"
              placeholder={toDecimalString(money(Balance, invoice.Currency))}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-invalid={amountMessage ? true : undefined}
              aria-describedby={amountMessage ? `payment-amount-${invoice.ID}` : undefined}
            />
            <Message id={`payment-amount-${invoice.ID}`} aria-live="polite">
              {amountMessage}
            </Message>
          </label>
          <label>
            Date
            <input
              type="date"
              value={date}
              min={`${Number(invoice.IssueDate.slice(0, 4)) - 1}-01-01`}
              max={addDays(today, 1)}
              onChange={(e) => setDate(e.target.value)}
              aria-invalid={dateMessage ? true : undefined}
              aria-describedby={dateMessage ? `payment-date-${invoice.ID}` : undefined}
            />
            <Message id={`payment-date-${invoice.ID}`} aria-live="polite">
              {dateMessage}
            </Message>
          </label>
          <label>
            Method
            <select value={method} onChange={(e) => setMethod(e.target.value as typeof method)}>
              <option value="bank_transfer">Bank transfer</option>
              <option value="card">Card</option>
              <option value="cash">Cash</option>
              <option value="cheque">Cheque</option>
              <option value="digital">Digital</option>
              <option value="other">Other</option>
            </select>
          </label>
          <Button type="submit" busy={record.isPending}>
            Record payment
          </Button>
        </form>
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
            disabled={reminders.isPending}
            onChange={(enabled) => reminders.mutate(enabled)}
          />
        </Reminders>
      )}
      {CollectionStatus !== 'void' && AmountPaid === 0 && (
        <div>
          <Button
            variant="secondary"
            busy={voiding.isPending}
            onClick={() => {
              voiding.reset();
              setAskingVoid(true);
            }}
          >
            Void invoice
          </Button>
        </div>
      )}
      {askingVoid && (
        <VoidInvoiceDialog
          number={invoice.InvoiceNumber}
          busy={voiding.isPending}
          failure={voiding.isError ? failureMessage(voiding.error) : null}
          onVoid={(reason) => voiding.mutate(reason)}
          onCancel={() => setAskingVoid(false)}
        />
      )}
    </Box>
  );
}
