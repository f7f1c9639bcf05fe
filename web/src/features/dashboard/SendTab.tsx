import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { useCommand } from '../../api/command';
import { ApiError } from '../../api/errors';
import { invalidateAfterInvoice } from '../../api/invalidation';
import type { InvoiceListItem } from '../../api/invoiceList';
import { sendInvoice } from '../../api/payments';
import { Button } from '../../components/ui/Button';
import { logError } from '../../lib/log';
import { useToast } from '../toasts/ToastProvider';
import { collectionQuery } from './invoiceQueries';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  label { display: flex; flex-direction: column; gap: 4px; font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
  input, textarea {
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    font: inherit;
    font-weight: normal;
  }
  small { color: ${({ theme }) => theme.colors.muted}; font-weight: normal; }
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
`;

/**
 * 'Send' (issue 14): the invoice by e-mail with its PDF attached. Empty fields take the invoice's defaults: the
 * customer, and the subject and opening sentence the server writes in the invoice's language, which the fields show
 * as placeholders ("Rechnung RE-1 von Schmidt Design", D-341). One key per filled form (useCommand): a double click
 * mails once.
 */
export function SendTab({ invoice, onSent }: { invoice: InvoiceListItem; onSent: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ to: invoice.CustomerEmail, cc: '', subject: '', message: '' });
  // Until the invoice's details arrive, the placeholders stay empty rather than show words it will not send.
  const defaults = useQuery(collectionQuery(invoice.ID)).data?.Mail;
  const send = useCommand({
    send: (mail: typeof form, key) => sendInvoice(invoice.ID, mail, key),
    onSuccess: async (answer) => {
      toast(`Invoice sent to ${answer.to.join(', ')}`, { tone: 'success' });
      await invalidateAfterInvoice(queryClient, invoice.ID, 'sent');
      onSent();
    },
    onError: (error) => logError('Send failed', error),
  });
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
  });
  const failure =
    send.error instanceof ApiError && send.error.message
      ? send.error.message
      : send.error
        ? 'Sending failed'
        : '';
  return (
    <Form
      aria-label="Send invoice"
      onSubmit={(event) => {
        event.preventDefault();
        send.run(form);
      }}
    >
      <label>
        To
        <input type="text" autoComplete="email" {...field('to')} />
        <small>Separate several addresses with commas.</small>
      </label>
      <label>
        Cc
        <input type="text" {...field('cc')} />
      </label>
      <label>
        Subject
        <input type="text" placeholder={defaults?.subject ?? ''} {...field('subject')} />
      </label>
      <label>
        Message
        <textarea rows={4} placeholder={defaults?.message ?? ''} {...field('message')} />
      </label>
      {failure && <ErrorText role="alert">{failure}</ErrorText>}
      <div>
        <Button type="submit" busy={send.busy}>
          Send invoice
        </Button>
      </div>
    </Form>
  );
}
