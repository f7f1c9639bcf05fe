import { CLIENT_NOTES_MAX, type Client, type ClientFormInput } from '@remit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import styled from 'styled-components';
import { fromPromise } from 'xstate';
import { createClient, updateClient } from '../../api/clients';
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
import {
  clientDialogSchema,
  clientFormMachine,
  clientOptions,
  toClientFormValues,
  withFlatFields,
} from './clientForm';
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

const Section = styled.h3`
  grid-column: 1 / -1;
  margin-top: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.muted};
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;

/** Create or edit a client (issue 29). An edit names the version it opened, so a newer edit elsewhere wins with 409. */
export function ClientModal({
  client,
  onClose,
  onSaved,
}: {
  client: Client | null;
  onClose: () => void;
  onSaved?: (client: Client) => void;
}) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const formId = useId();
  const formKey = useFormKey();
  const machine = useMemo(
    () =>
      clientFormMachine.provide({
        actors: {
          submit: fromPromise<unknown, unknown>(async ({ input }) => {
            const body = input as ClientFormInput;
            const key = formKey.keyFor(body);
            let answer: Awaited<ReturnType<typeof createClient>> | null = null;
            try {
              answer = client
                ? await updateClient(client.id, body, client.version, key)
                : await createClient(body, key);
            } catch (error) {
              const queued = await queueIfOffline(error, {
                method: client ? 'PUT' : 'POST',
                path: client ? `/clients/${encodeURIComponent(client.id)}` : '/clients',
                body: client ? { client: body, version: client.version } : body,
                idempotencyKey: key,
                label: `Client ${body.companyName || body.contactName || ''}`.trim(),
              });
              if (!queued) throw withFlatFields(error);
            }
            formKey.answered();
            toast(answer ? (client ? 'Client updated' : 'Client added') : OFFLINE_SAVED, {
              tone: answer ? 'success' : 'info',
            });
            await invalidateAfter(queryClient, 'clients').catch((error) =>
              logError('clients reload failed', error),
            );
            if (answer) onSaved?.(answer.client);
            onClose();
            return null;
          }),
        },
      }),
    [client, toast, queryClient, onClose, onSaved, formKey],
  );
  const form = useForm(machine, clientDialogSchema, toClientFormValues(client));
  const hasFieldError = Object.keys(form.values).some((name) => form.field(name as 'email').error);

  return (
    <Modal
      wide
      title={client ? 'Edit client' : 'New client'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={form.isBusy} disabled={form.isBusy}>
            {client ? 'Save client' : 'Add client'}
          </Button>
        </>
      }
    >
      <Form id={formId} {...form.formProps}>
        <TextField label="Company name" autoComplete="off" {...form.field('companyName')} />
        <TextField label="Contact name" autoComplete="off" {...form.field('contactName')} />
        <TextField label="Email" type="email" autoComplete="off" {...form.field('email')} />
        <TextField
          label="Cc emails"
          hint="Separate addresses with commas"
          autoComplete="off"
          {...form.field('ccEmails')}
        />
        <Section>Address</Section>
        <Wide>
          <TextField label="Street" autoComplete="off" {...form.field('street')} />
        </Wide>
        <TextField label="Post code" autoComplete="off" {...form.field('postCode')} />
        <TextField label="City" autoComplete="off" {...form.field('city')} />
        <SelectField label="Country" options={clientOptions.countries} {...form.field('country')} />
        <SelectField label="Customer type" options={clientOptions.types} {...form.field('type')} />
        <Section>Tax and e-invoicing</Section>
        <TextField label="VAT ID" autoCapitalize="characters" spellCheck={false} {...form.field('vatId')} />
        <TextField label="Tax number" autoComplete="off" {...form.field('taxNumber')} />
        <TextField
          label="Buyer reference / Leitweg-ID"
          autoComplete="off"
          {...form.field('buyerReference')}
        />
        <TextField label="Electronic address" type="email" {...form.field('electronicAddress')} />
        <Section>Defaults for new invoices</Section>
        <SelectField
          label="Document language"
          options={clientOptions.languages}
          {...form.field('language')}
        />
        <SelectField label="Currency" options={clientOptions.currencies} {...form.field('currency')} />
        <TextField
          label="Payment terms (days)"
          inputMode="numeric"
          autoComplete="off"
          {...form.field('paymentTermsDays')}
        />
        <SelectField
          label="VAT category"
          options={clientOptions.vatCategories}
          {...form.field('vatCategory')}
        />
        <TextField label="VAT rate (%)" inputMode="decimal" autoComplete="off" {...form.field('vatRate')} />
        <Wide>
          <TextAreaField label="Notes" rows={3} max={CLIENT_NOTES_MAX} {...form.field('notes')} />
        </Wide>
        {form.serverError && !hasFieldError && (
          <Wide>
            <Alert tone="error">{form.serverError}</Alert>
          </Wide>
        )}
      </Form>
    </Modal>
  );
}
