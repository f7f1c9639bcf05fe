import {
  addDays,
  money,
  type PaymentMethodKind,
  paymentAmountIn,
  paymentDateMessage,
  paymentMethodKindLabels,
  paymentMethodKinds,
  toDecimalString,
} from '@remit/contracts';
import { useState } from 'react';
import styled from 'styled-components';
import { useCommand } from '../../api/command';
import type { InvoiceListItem } from '../../api/invoiceList';
import { recordPayment } from '../../api/payments';
import { Button } from '../../components/ui/Button';

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  align-items: end;
  label { display: flex; flex-direction: column; gap: 4px; font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
  input, select { min-height: 38px; padding: 0 ${({ theme }) => theme.space.xs}; border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.md}; font: inherit; font-weight: normal; }
`;

const Message = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: normal;
  color: ${({ theme }) => theme.colors.danger};
  &:empty { display: none; }
`;

const today = () => new Date().toISOString().slice(0, 10);

interface RecordPaymentFormProps {
  invoice: InvoiceListItem;
  balance: number;
  onRecorded: () => Promise<void>;
  onFailed: (error: unknown) => void;
}

/**
 * 'Record a payment' (issue 14): one filled form is one payment (issue 34 item 1). A double click or a retry
 * sends it with the same key; once recorded, the form is empty again, so a second press cannot repeat it.
 */
export function RecordPaymentForm({ invoice, balance, onRecorded, onFailed }: RecordPaymentFormProps) {
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(today);
  const [method, setMethod] = useState<PaymentMethodKind>('bank_transfer');
  const record = useCommand({
    send: (payment: { amount: string; date: string; method: PaymentMethodKind }, key) =>
      recordPayment(invoice.ID, payment, key),
    onSuccess: async () => {
      setAmount('');
      setDate(today());
      setMethod('bank_transfer');
      await onRecorded();
    },
    onError: onFailed,
  });
  // Read as the server reads it (contracts, payment-input.ts): in the invoice's currency, before sending.
  const amountRead = amount.trim() === '' ? null : paymentAmountIn(amount, invoice.Currency);
  const amountMessage = amountRead && 'message' in amountRead ? amountRead.message : null;
  const dateMessage = date ? paymentDateMessage(date, invoice.IssueDate, today()) : null;
  return (
    <Form
      aria-label="Record a payment"
      onSubmit={(event) => {
        event.preventDefault();
        if (!amountMessage && !dateMessage) record.run({ amount, date, method });
      }}
    >
      <label>
        Amount
        <input
          inputMode="decimal"
          placeholder={toDecimalString(money(balance, invoice.Currency))}
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
          max={addDays(today(), 1)}
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
        <select value={method} onChange={(e) => setMethod(e.target.value as PaymentMethodKind)}>
          {paymentMethodKinds.map((kind) => (
            <option key={kind} value={kind}>
              {paymentMethodKindLabels[kind]}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" busy={record.busy}>
        Record payment
      </Button>
    </Form>
  );
}
