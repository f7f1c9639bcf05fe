import type { ClientFormInput } from '@remit/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { createClient, searchClients } from '../../api/clients';
import { useCommand } from '../../api/command';
import { errorMessage } from '../../api/errors';
import { invalidateAfter } from '../../api/invalidation';
import { clientKeys } from '../../api/keys';
import { Button } from '../../components/ui/Button';
import { useDebouncedValue } from '../../hooks/useDebouncedValue';
import { OFFLINE_SAVED, queueIfOffline } from '../clients/offline';
import { useToast } from '../toasts/ToastProvider';
import { addressEntryIn } from './addressBinding';
import { getPath } from './formPaths';
import type { WizardForm } from './wizardMachine';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  p { font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.muted}; }
`;

/** The customer typed in step 1, as a client (issue 29, item 3: 'saved as a client in one click'). */
export function clientFromForm(form: WizardForm): ClientFormInput {
  return {
    companyName: (form.customerCompanyName ?? '').trim(),
    contactName: (form.customerName ?? '').trim(),
    email: (form.customerEmail ?? '').trim(),
    address: addressEntryIn(form, 'customer'),
    vatId: form.customerCompanyVAT?.trim() ?? '',
    type: (getPath(form, 'eInvoice.customer.type') || 'business') as ClientFormInput['type'],
    buyerReference: getPath(form, 'eInvoice.customer.buyerReference'),
    electronicAddress: getPath(form, 'eInvoice.customer.electronicAddress'),
    currency: form.currency,
  };
}

/**
 * 'Save as client' beside the customer's fields once a name and an e-mail are typed; a client picked from the
 * search, or saved here, is not offered again. Double-click safe (one key per filled customer).
 */
export function SaveAsClient({ form }: { form: WizardForm }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [savedFor, setSavedFor] = useState<string | null>(null);
  // A draft saved by an older version may lack a field.
  const email = (form.customerEmail ?? '').trim().toLowerCase();
  const typed = useDebouncedValue(email, 400);
  // A client with this e-mail already (picked from the search or typed again) is not offered twice.
  const existing = useQuery({
    queryKey: clientKeys.list(typed),
    queryFn: ({ signal }) => searchClients(typed, false, signal),
    enabled: typed.includes('@'),
  });
  const known = existing.data?.some((client) => client.email.toLowerCase() === email) ?? true;
  const save = useCommand({
    send: async (client: ClientFormInput, key: string) => {
      try {
        await createClient(client, key);
        return 'saved' as const;
      } catch (error) {
        const queued = await queueIfOffline(error, {
          method: 'POST',
          path: '/clients',
          body: client,
          idempotencyKey: key,
          label: `New client ${client.companyName || client.contactName}`,
        });
        if (queued) return 'queued' as const;
        throw error;
      }
    },
    onSuccess: async (outcome, client) => {
      setSavedFor(client.email?.toLowerCase() ?? '');
      toast(outcome === 'queued' ? OFFLINE_SAVED : 'Saved as a client.', { tone: 'success' });
      await invalidateAfter(queryClient, 'clients').catch(() => undefined);
    },
    onError: (error) =>
      toast(errorMessage(error, 'The client could not be saved. Please try again.'), { tone: 'error' }),
  });
  if (known || typed !== email || !(form.customerName ?? '').trim() || savedFor === email) return null;
  return (
    <Row>
      <Button variant="secondary" busy={save.busy} onClick={() => save.run(clientFromForm(form))}>
        Save as client
      </Button>
      <p>Keep this customer's details for the next invoice.</p>
    </Row>
  );
}
