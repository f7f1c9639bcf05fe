import { creditNoteMessages, type IssueCreditNoteInput, issueCreditNoteSchema } from '@remit/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { fetchInvoiceForm } from '../../api/invoiceEdit';
import { invoiceKeys } from '../../api/keys';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { TextAreaField } from '../invoices/fields';

const REASON_MAX = 500;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  & > p { color: ${({ theme }) => theme.colors.muted}; }
  fieldset { display: flex; flex-direction: column; gap: ${({ theme }) => theme.space.xs}; margin: 0; padding: 0; border: 0; }
  legend { margin-bottom: ${({ theme }) => theme.space.xs}; font-weight: ${({ theme }) => theme.fontWeights.semibold}; }
  label.choice { display: flex; gap: ${({ theme }) => theme.space.xs}; align-items: center; }
  textarea { width: 100%; }
`;

const Line = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.sm};
  align-items: end;
  label.choice { align-self: center; }
`;

type Lines = Record<number, { chosen: boolean; quantity: string; unitPrice: string }>;

/**
 * 'Issue credit note' (issue 27): the whole invoice (a cancellation of what is still open) or chosen lines with
 * the quantity and price to credit, typed as in the invoice form, and the reason the customer will read. The
 * server decides what is left to credit; its refusal ('Line 1 has €950.50 left to credit') shows here.
 */
export function CreditNoteDialog({
  invoiceId,
  number,
  busy,
  failure,
  onIssue,
  onCancel,
}: {
  invoiceId: string;
  number: string;
  busy: boolean;
  failure: string | null;
  onIssue: (input: IssueCreditNoteInput) => void;
  onCancel: () => void;
}) {
  const formId = useId();
  const [whole, setWhole] = useState(true);
  const [reason, setReason] = useState('');
  const [lines, setLines] = useState<Lines>({});
  const [error, setError] = useState<string | undefined>();
  const invoice = useQuery({
    queryKey: invoiceKeys.form(invoiceId),
    queryFn: ({ signal }) => fetchInvoiceForm(invoiceId, signal),
    enabled: !whole,
  });
  const items = invoice.data?.form.items ?? [];
  const lineOf = (index: number) =>
    lines[index] ?? {
      chosen: false,
      quantity: String(items[index]?.quantity ?? ''),
      unitPrice: String(items[index]?.unitPrice ?? ''),
    };
  const change = (index: number, part: Partial<Lines[number]>) =>
    setLines((all) => ({ ...all, [index]: { ...lineOf(index), ...part } }));
  const cancel = () => {
    if (!busy) onCancel();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = items
      .map((_, index) => ({ index, line: lineOf(index) }))
      .filter(({ line }) => line.chosen)
      .map(({ index, line }) => ({ line: index + 1, quantity: line.quantity, unitPrice: line.unitPrice }));
    const parsed = issueCreditNoteSchema.safeParse(whole ? { reason } : { reason, lines: chosen });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? creditNoteMessages.reasonRequired);
      return;
    }
    setError(undefined);
    onIssue(parsed.data);
  };
  return (
    <Modal
      title={`Credit invoice ${number}`}
      onClose={cancel}
      footer={
        <>
          <Button variant="secondary" onClick={cancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy} disabled={busy}>
            Issue credit note
          </Button>
        </>
      }
    >
      <Form id={formId} noValidate onSubmit={submit}>
        <p>
          A credit note corrects an invoice your customer already has: it gets its own number, PDF and
          e-invoice, and lowers what is due. The invoice itself stays as it was sent.
        </p>
        {(failure || error) && <Alert tone="error">{error ?? failure}</Alert>}
        <fieldset>
          <legend>What to credit</legend>
          <label className="choice">
            <input type="radio" name="scope" checked={whole} onChange={() => setWhole(true)} />
            The whole invoice (cancels what is still open)
          </label>
          <label className="choice">
            <input type="radio" name="scope" checked={!whole} onChange={() => setWhole(false)} />
            Some lines
          </label>
        </fieldset>
        {!whole && invoice.isPending && <Spinner label="Loading the invoice's lines" />}
        {!whole && invoice.isError && <Alert tone="error">The invoice's lines could not be loaded.</Alert>}
        {!whole &&
          items.map((item, index) => {
            const line = lineOf(index);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: the invoice's lines are numbered by position
              <Line key={index}>
                <label className="choice">
                  <input
                    type="checkbox"
                    checked={line.chosen}
                    onChange={(event) => change(index, { chosen: event.target.checked })}
                  />
                  Line {index + 1}: {item.description}
                </label>
                <TextField
                  label={`Quantity to credit, line ${index + 1}`}
                  inputMode="decimal"
                  name={`lines.${index}.quantity`}
                  value={line.quantity}
                  error={undefined}
                  disabled={!line.chosen}
                  onChange={(event) => change(index, { quantity: event.target.value })}
                  onBlur={() => undefined}
                />
                <TextField
                  label={`Unit price, line ${index + 1}`}
                  inputMode="decimal"
                  name={`lines.${index}.unitPrice`}
                  value={line.unitPrice}
                  error={undefined}
                  disabled={!line.chosen}
                  onChange={(event) => change(index, { unitPrice: event.target.value })}
                  onBlur={() => undefined}
                />
              </Line>
            );
          })}
        <TextAreaField
          label="Reason (printed on the credit note)"
          name="reason"
          rows={3}
          max={REASON_MAX}
          maxLength={REASON_MAX}
          value={reason}
          error={undefined}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => undefined}
        />
      </Form>
    </Modal>
  );
}
