import { type BankCsvMapping, bankCsvMappingSchema } from '@remit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { saveCsvMapping } from '../../api/bank';
import { useCommand } from '../../api/command';
import { ApiError, errorMessage } from '../../api/errors';
import { invalidateAfter } from '../../api/invalidation';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { TextField } from '../../components/ui/TextField';
import { media } from '../../theme/theme';
import { useToast } from '../toasts/ToastProvider';

const Grid = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  ${media.sm} { grid-template-columns: 1fr 1fr; }
  > p { grid-column: 1 / -1; margin: 0; color: ${({ theme }) => theme.colors.muted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  label.select { display: grid; gap: 6px; font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: ${({ theme }) => theme.fontWeights.medium}; }
  select { min-height: 42px; padding: 0 ${({ theme }) => theme.space.xs}; border: 1px solid ${({ theme }) => theme.colors.borderStrong}; border-radius: ${({ theme }) => theme.radii.md}; background: ${({ theme }) => theme.colors.surface}; font: inherit; }
`;

const blank: BankCsvMapping = {
  date: 'Date',
  amount: 'Amount',
  reference: 'Reference',
  payer: 'Name',
  currency: '',
  entryId: '',
  defaultCurrency: 'EUR',
  dateFormat: 'YYYY-MM-DD',
  decimalSeparator: '.',
};

const textFields: { name: keyof BankCsvMapping; label: string; hint?: string }[] = [
  { name: 'date', label: 'Booking date column' },
  { name: 'amount', label: 'Amount column', hint: 'Negative amounts are money going out' },
  { name: 'reference', label: 'Reference column', hint: 'Where the payer writes the invoice number' },
  { name: 'payer', label: 'Payer name column' },
  { name: 'currency', label: 'Currency column', hint: 'Empty: every row is in the default currency' },
  { name: 'entryId', label: 'Transaction ID column', hint: 'Empty: rows are told apart by their content' },
  { name: 'defaultCurrency', label: 'Default currency' },
];

/** How the owner's bank's CSV export reads: the header of each column Remit needs (saved once). */
export function CsvMappingModal({
  mapping,
  onClose,
}: {
  mapping: BankCsvMapping | null;
  onClose: () => void;
}) {
  const [values, setValues] = useState<BankCsvMapping>(mapping ?? blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toast = useToast();
  const queryClient = useQueryClient();
  const save = useCommand({
    send: (input: BankCsvMapping, key) => saveCsvMapping(input, key),
    onSuccess: async () => {
      toast('CSV columns saved', { tone: 'success' });
      await invalidateAfter(queryClient, 'bank');
      onClose();
    },
    onError: (error) => setErrors(error instanceof ApiError ? error.fields : {}),
  });
  const submit = () => {
    const parsed = bankCsvMappingSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    save.run(parsed.data);
  };
  const set = (name: keyof BankCsvMapping, value: string) =>
    setValues((current) => ({ ...current, [name]: value }));
  return (
    <Modal
      title="CSV columns"
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="bank-csv-mapping" busy={save.busy}>
            Save columns
          </Button>
        </>
      }
    >
      <Grid
        id="bank-csv-mapping"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <p>Type each column’s header as it appears in the first row of your bank’s CSV export.</p>
        {save.error && !(save.error instanceof ApiError && Object.keys(save.error.fields).length > 0) && (
          <Alert tone="error">{errorMessage(save.error, 'The columns could not be saved')}</Alert>
        )}
        {textFields.map((field) => (
          <TextField
            key={field.name}
            name={field.name}
            onBlur={() => undefined}
            label={field.label}
            hint={field.hint}
            error={errors[field.name]}
            value={values[field.name]}
            onChange={(event) => set(field.name, event.target.value)}
          />
        ))}
        <label className="select">
          Date format
          <select value={values.dateFormat} onChange={(event) => set('dateFormat', event.target.value)}>
            {bankCsvMappingSchema.shape.dateFormat.options.map((format) => (
              <option key={format} value={format}>
                {format}
              </option>
            ))}
          </select>
        </label>
        <label className="select">
          Decimal separator
          <select
            value={values.decimalSeparator}
            onChange={(event) => set('decimalSeparator', event.target.value)}
          >
            <option value=".">Point (1,234.56)</option>
            <option value=",">Comma (1.234,56)</option>
          </select>
        </label>
      </Grid>
    </Modal>
  );
}
