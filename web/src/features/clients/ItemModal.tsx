import { ITEM_DESCRIPTION_MAX, type Item, type ItemFormInput } from '@remit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import { createItem, updateItem } from '../../api/clients';
import { useFormKey } from '../../api/command';
import { invalidateAfter } from '../../api/invalidation';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { TextField } from '../../components/ui/TextField';
import { logError } from '../../lib/log';
import { media } from '../../theme/theme';
import { useForm } from '../forms/useForm';
import { SelectField, TextAreaField } from '../invoices/fields';
import { useToast } from '../toasts/ToastProvider';
import { itemDialogSchema, itemFormMachine, itemOptions, toItemFormValues } from './itemForm';
import { OFFLINE_SAVED, queueIfOffline } from './offline';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: minmax(0, 1fr);
  ${media.sm} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
`;

const Wide = styled.div`
  ${media.sm} { grid-column: 1 / -1; }
`;

/** Create or edit a catalogue item (issue 29): a service is billed by the hour unless the unit says otherwise. */
export function ItemModal({ item, onClose }: { item: Item | null; onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const formId = useId();
  const formKey = useFormKey();
  const machine = useMemo(
    () =>
      itemFormMachine.provide({
        actors: {
          submit: fromPromise<unknown, unknown>(async ({ input }) => {
            const body = input as ItemFormInput;
            const key = formKey.keyFor(body);
            let online = true;
            try {
              if (item) await updateItem(item.id, body, item.version, key);
              else await createItem(body, key);
            } catch (error) {
              online = false;
              const queued = await queueIfOffline(error, {
                method: item ? 'PUT' : 'POST',
                path: item ? `/items/${encodeURIComponent(item.id)}` : '/items',
                body: item ? { item: body, version: item.version } : body,
                idempotencyKey: key,
                label: `Item ${body.name}`,
              });
              if (!queued) throw error;
            }
            formKey.answered();
            toast(online ? (item ? 'Item updated' : 'Item added') : OFFLINE_SAVED, {
              tone: online ? 'success' : 'info',
            });
            await invalidateAfter(queryClient, 'items').catch((error) =>
              logError('items reload failed', error),
            );
            onClose();
            return null;
          }),
        },
      }),
    [item, toast, queryClient, onClose, formKey],
  );
  const form = useForm(machine, itemDialogSchema, toItemFormValues(item));
  const hasFieldError = Object.keys(form.values).some((name) => form.field(name as 'name').error);
  return (
    <Modal
      title={item ? 'Edit item' : 'New item'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={form.isBusy} disabled={form.isBusy}>
            {item ? 'Save item' : 'Add item'}
          </Button>
        </>
      }
    >
      <Form id={formId} {...form.formProps}>
        <Wide>
          <TextField label="Name" autoComplete="off" placeholder="e.g. Design work" {...form.field('name')} />
        </Wide>
        <Wide>
          <TextAreaField
            label="Description"
            rows={2}
            max={ITEM_DESCRIPTION_MAX}
            {...form.field('description')}
          />
        </Wide>
        <TextField label="Price" inputMode="decimal" autoComplete="off" {...form.field('price')} />
        <SelectField label="Currency" options={itemOptions.currencies} {...form.field('currency')} />
        <SelectField label="Unit" options={itemOptions.units} {...form.field('unit')} />
        <SelectField
          label="VAT category"
          options={itemOptions.vatCategories}
          {...form.field('vatCategory')}
        />
        <TextField label="VAT rate (%)" inputMode="decimal" autoComplete="off" {...form.field('vatRate')} />
        {form.serverError && !hasFieldError && (
          <Wide>
            <Alert tone="error">{form.serverError}</Alert>
          </Wide>
        )}
      </Form>
    </Modal>
  );
}
