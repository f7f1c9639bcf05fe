import { INSTRUCTIONS_MAX, type PaymentMethod } from '@remit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import { useFormKey } from '../../api/command';
import { invalidateAfter } from '../../api/invalidation';
import { createPaymentMethod, updatePaymentMethod } from '../../api/paymentMethods';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { TextField } from '../../components/ui/TextField';
import { logError } from '../../lib/log';
import type { FieldProps } from '../forms/useForm';
import { useForm } from '../forms/useForm';
import { SelectField, TextAreaField } from '../invoices/fields';
import { useToast } from '../toasts/ToastProvider';
import { profileMessages } from './messages';
import {
  paymentMethodFormMachine,
  paymentMethodModalSchema,
  toPaymentMethodFormValues,
} from './paymentMethodForm';
import { useDebouncedAction } from './useDebouncedAction';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Check = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  label { display: inline-flex; align-items: center; gap: ${({ theme }) => theme.space.xs}; font-size: ${({ theme }) => theme.fontSizes.sm}; font-weight: ${({ theme }) => theme.fontWeights.medium}; cursor: pointer; }
  input { width: 18px; height: 18px; accent-color: ${({ theme }) => theme.colors.brand}; }
  p { font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.danger}; }
  p:empty { display: none; }
`;

const typeOptions = [
  { value: '', label: 'Select a type' },
  { value: 'bank_transfer', label: 'Bank Transfer' },
  { value: 'digital', label: 'Digital' },
];

function DefaultCheckbox({ field }: { field: FieldProps }) {
  const errorId = useId();
  return (
    <Check>
      <label>
        <input
          type="checkbox"
          name={field.name}
          checked={field.value === 'true'}
          aria-describedby={field.error ? errorId : undefined}
          onChange={(event) => field.onChange({ target: { value: event.target.checked ? 'true' : '' } })}
          onBlur={field.onBlur}
        />
        Make default
      </label>
      <p id={errorId} aria-live="polite">
        {field.error}
      </p>
    </Check>
  );
}

/**
 * Spec §2 Profile: 'Add Payment Method' or 'Edit Payment Method' (pre-filled). Bank fields only for a
 * bank transfer, link and instructions only for a digital method; saving is debounced 500 ms (§9).
 */
export function PaymentMethodModal({
  method,
  onClose,
}: {
  method: PaymentMethod | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const formId = useId();
  const isEdit = method !== null;

  const formKey = useFormKey();
  const machine = useMemo(
    () =>
      paymentMethodFormMachine.provide({
        actors: {
          submit: fromPromise<unknown, unknown>(async ({ input }) => {
            const body = input as Parameters<typeof createPaymentMethod>[0];
            const idempotencyKey = formKey.keyFor(body);
            try {
              if (method) await updatePaymentMethod(method.ID, body, idempotencyKey);
              else await createPaymentMethod(body, idempotencyKey);
              formKey.answered();
            } catch (error) {
              toast(profileMessages.saveFailed, { tone: 'error' });
              throw error;
            }
            toast(isEdit ? profileMessages.updated : profileMessages.added, { tone: 'success' });
            await invalidateAfter(queryClient, 'paymentMethods').catch((error) =>
              logError('payment methods reload failed', error),
            );
            onClose();
            return null;
          }),
        },
      }),
    [method, isEdit, toast, queryClient, onClose, formKey],
  );
  const form = useForm(machine, paymentMethodModalSchema, toPaymentMethodFormValues(method));
  const save = useDebouncedAction(() => form.formProps.onSubmit({ preventDefault: () => {} } as never));
  const busy = form.isBusy || save.isWaiting;
  const type = form.values.type;
  const hasFieldError = Object.keys(form.values).some((name) => form.field(name as 'name').error);

  return (
    <Modal
      title={isEdit ? 'Edit Payment Method' : 'Add Payment Method'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={busy} disabled={busy || !form.isValid}>
            {isEdit ? 'Update Method' : 'Add Method'}
          </Button>
        </>
      }
    >
      <Form
        id={formId}
        noValidate
        onKeyDown={form.formProps.onKeyDown}
        onSubmit={(event) => {
          event.preventDefault();
          save.run();
        }}
      >
        <TextField
          label="Name"
          autoComplete="off"
          placeholder="e.g. Business account"
          {...form.field('name')}
        />
        <SelectField label="Type" options={typeOptions} {...form.field('type')} />
        {type === 'bank_transfer' && (
          <>
            <TextField label="Bank Name" autoComplete="off" {...form.field('bankName')} />
            <TextField
              label="IBAN"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="DE89 3704 0044 0532 0130 00"
              {...form.field('iban')}
            />
            <TextField
              label="SWIFT"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="COBADEFFXXX"
              {...form.field('swift')}
            />
          </>
        )}
        {type === 'digital' && (
          <>
            <TextField
              label="Payment Link"
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://"
              {...form.field('paymentLink')}
            />
            <TextAreaField
              label="Instructions"
              rows={3}
              max={INSTRUCTIONS_MAX}
              {...form.field('instructions')}
            />
          </>
        )}
        <DefaultCheckbox field={form.field('isDefault')} />
        {form.serverError && !hasFieldError && <Alert tone="error">{form.serverError}</Alert>}
      </Form>
    </Modal>
  );
}
