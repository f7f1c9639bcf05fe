import { voidInvoiceSchema } from '@remit/contracts';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { TextAreaField } from '../invoices/fields';

/** The server's limit (voidInvoiceSchema), so nothing typed here can be refused for its length. */
const VOID_REASON_MAX = 500;
const reasonRequired = 'Say why this invoice is void';

// Only the explanation is muted: the reason's error keeps the danger colour of every field error.
const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  & > p { color: ${({ theme }) => theme.colors.muted}; }
  textarea { width: 100%; }
`;

interface VoidInvoiceDialogProps {
  number: string;
  busy: boolean;
  /** The server's refusal, shown in the dialog (it stays open). */
  failure: string | null;
  onVoid: (reason: string) => void;
  onCancel: () => void;
}

/**
 * Asks why an invoice is void before voiding it (docs/decisions.md, "Getting paid": the void-reason dialog):
 * the app's Modal (labelled, focus kept inside and given back, Escape cancels), the reason required and at most
 * what the server takes, checked with the server's own schema.
 */
export function VoidInvoiceDialog({ number, busy, failure, onVoid, onCancel }: VoidInvoiceDialogProps) {
  const formId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const cancel = () => {
    if (!busy) onCancel();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = voidInvoiceSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(reason.trim() ? (parsed.error.issues[0]?.message ?? reasonRequired) : reasonRequired);
      document.querySelector<HTMLTextAreaElement>(`[id="${formId}"] textarea`)?.focus();
      return;
    }
    onVoid(parsed.data.reason);
  };
  return (
    <Modal
      title={`Void invoice ${number}`}
      onClose={cancel}
      footer={
        <>
          <Button variant="secondary" onClick={cancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" busy={busy} disabled={busy}>
            Void invoice
          </Button>
        </>
      }
    >
      <Form id={formId} noValidate onSubmit={submit}>
        <p>
          A void invoice asks for nothing: it takes no payments, its number stays used, and its PDF is stamped
          VOID. This cannot be undone.
        </p>
        {failure && <Alert tone="error">{failure}</Alert>}
        <TextAreaField
          label="Why is this invoice void?"
          name="reason"
          rows={3}
          max={VOID_REASON_MAX}
          maxLength={VOID_REASON_MAX}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.target.value);
            if (error) setError(undefined);
          }}
          onBlur={() => undefined}
        />
      </Form>
    </Modal>
  );
}
