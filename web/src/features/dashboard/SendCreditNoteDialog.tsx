import type { CreditNoteListEntry } from '@remit/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { useCommand } from '../../api/command';
import { creditNoteQuery, sendCreditNote } from '../../api/creditNotes';
import { errorMessage } from '../../api/errors';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { logError } from '../../lib/log';
import { useToast } from '../toasts/ToastProvider';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  & > p { color: ${({ theme }) => theme.colors.muted}; }
  label { display: flex; flex-direction: column; gap: 4px; font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
  input, textarea {
    min-height: 42px;
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radii.md};
    font: inherit;
    font-weight: normal;
  }
  small { color: ${({ theme }) => theme.colors.muted}; font-weight: normal; }
`;

/**
 * 'Send' of a credit note (issue 27 item 5): by e-mail with its PDF, as an invoice is sent. Empty fields take the
 * credit note's defaults (its customer, "Credit note {number} from {you}"); one key per filled form, so a double
 * click mails once. A refusal stays in the dialog.
 */
export function SendCreditNoteDialog({
  creditNote,
  onClose,
}: {
  creditNote: CreditNoteListEntry;
  onClose: () => void;
}) {
  const toast = useToast();
  const formId = useId();
  const [form, setForm] = useState({ to: '', cc: '', message: '' });
  // The opening its mail will have, in the credit note's language (D-341); none until the answer is there.
  const defaults = useQuery(creditNoteQuery(creditNote.id)).data?.mail;
  const send = useCommand({
    send: (mail: typeof form, key) => sendCreditNote(creditNote.id, mail, key),
    onSuccess: (answer) => {
      toast(`Credit note ${creditNote.number} sent to ${answer.to.join(', ')}`, { tone: 'success' });
      onClose();
    },
    onError: (error) => logError('Credit note send failed', error),
  });
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.run(form);
  };
  const cancel = () => {
    if (!send.busy) onClose();
  };
  return (
    <Modal
      title={`Send credit note ${creditNote.number}`}
      onClose={cancel}
      footer={
        <>
          <Button variant="secondary" onClick={cancel} disabled={send.busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={send.busy}>
            Send credit note
          </Button>
        </>
      }
    >
      <Form id={formId} noValidate onSubmit={submit}>
        <p>
          It corrects {creditNote.invoiceNumber}; the PDF is attached, and the e-mail says nothing is to be
          paid for it.
        </p>
        {send.error ? (
          <Alert tone="error">{errorMessage(send.error, 'Sending failed. Please try again.')}</Alert>
        ) : null}
        <label>
          To
          <input
            type="text"
            autoComplete="email"
            placeholder={`${creditNote.customerName}'s e-mail`}
            {...field('to')}
          />
          <small>Empty: the invoice's customer. Separate several addresses with commas.</small>
        </label>
        <label>
          Cc
          <input type="text" {...field('cc')} />
        </label>
        <label>
          Message
          <textarea rows={4} placeholder={defaults?.message ?? ''} {...field('message')} />
        </label>
      </Form>
    </Modal>
  );
}
