import { groupIban, type PaymentMethod } from '@remit/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { useCommand } from '../../api/command';
import { isServerUnreachable } from '../../api/errors';
import { invalidateAfter } from '../../api/invalidation';
import { paymentMethodKeys } from '../../api/keys';
import { togglePaymentMethod } from '../../api/paymentMethods';
import { Button } from '../../components/ui/Button';
import { Badge } from '../../components/ui/Card';
import { enqueue, offlineQueuedMessage, retryOutboxNow } from '../../db/outbox';
import { logError } from '../../lib/log';
import { useToast } from '../toasts/ToastProvider';
import { profileMessages } from './messages';
import { Switch } from './Switch';
import { useDebouncedAction } from './useDebouncedAction';

const Item = styled.li<{ $active: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $active }) => ($active ? theme.colors.surface : theme.colors.surfaceSunken)};
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const Title = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
  h3 { font-size: ${({ theme }) => theme.fontSizes.md}; overflow-wrap: anywhere; }
`;

const Controls = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  span.state { min-width: 4.5em; font-size: ${({ theme }) => theme.fontSizes.sm}; color: ${({ theme }) => theme.colors.muted}; }
`;

const Details = styled.dl`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.md};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  dt { color: ${({ theme }) => theme.colors.muted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
  dd.code { font-family: ${({ theme }) => theme.fonts.mono}; }
  a { color: ${({ theme }) => theme.colors.brandText}; }
`;

function MethodDetails({ method }: { method: PaymentMethod }) {
  if (method.Type === 'bank_transfer')
    return (
      <Details>
        {method.BankName && (
          <>
            <dt>Bank</dt>
            <dd>{method.BankName}</dd>
          </>
        )}
        {method.IBAN && (
          <>
            <dt>IBAN</dt>
            <dd className="code">{groupIban(method.IBAN)}</dd>
          </>
        )}
        {method.SWIFT && (
          <>
            <dt>SWIFT</dt>
            <dd className="code">{method.SWIFT}</dd>
          </>
        )}
      </Details>
    );
  return (
    <Details>
      {method.PaymentLink && (
        <>
          <dt>Link</dt>
          <dd>
            <a href={method.PaymentLink} target="_blank" rel="noopener noreferrer">
              {method.PaymentLink}
            </a>
          </dd>
        </>
      )}
      {method.Instructions && (
        <>
          <dt>Instructions</dt>
          <dd>{method.Instructions}</dd>
        </>
      )}
    </Details>
  );
}

/**
 * One payment method (spec §2 Profile): type and 'Default' badges, the active switch (debounced
 * 500 ms, §9: a quick on-off sends nothing) and the edit button.
 */
export function PaymentMethodItem({ method, onEdit }: { method: PaymentMethod; onEdit: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [wanted, setWanted] = useState<boolean | null>(null);
  const isActive = wanted ?? method.IsActive;

  const toggle = useCommand({
    // Offline (or the server unreachable) the toggle goes through the account's outbox with the same
    // idempotency key, and the list shows the wanted state until it is sent (issue 13). The key is the
    // method's and the state wanted: a repeat of the same toggle is the same command.
    send: async (_wanted: { id: string; active: boolean }, idempotencyKey) => {
      try {
        return { queued: false as const, ...(await togglePaymentMethod(method.ID, idempotencyKey)) };
      } catch (error) {
        if (!isServerUnreachable(error)) throw error;
        await enqueue({
          method: 'PUT',
          path: `/settings/payment-methods/${encodeURIComponent(method.ID)}/toggle`,
          idempotencyKey,
          label: `Payment method ${method.Name} turned ${method.IsActive ? 'off' : 'on'}`,
        });
        retryOutboxNow();
        return { queued: true as const };
      }
    },
    onSuccess: async (result) => {
      const paymentMethod = result.queued ? { ...method, IsActive: !method.IsActive } : result.paymentMethod;
      queryClient.setQueryData<PaymentMethod[]>(paymentMethodKeys.list, (list) =>
        list?.map((item) => (item.ID === paymentMethod.ID ? paymentMethod : item)),
      );
      setWanted(null);
      if (result.queued) {
        toast(offlineQueuedMessage('The change'), { tone: 'info' });
        return;
      }
      toast(paymentMethod.IsActive ? profileMessages.enabled : profileMessages.disabled, { tone: 'success' });
      await invalidateAfter(queryClient, 'paymentMethods');
    },
    onError: (error) => {
      logError('payment method toggle failed', error);
      setWanted(null);
      toast(profileMessages.toggleFailed, { tone: 'error' });
    },
  });
  const send = useDebouncedAction(() => {
    if (wanted === null || wanted === method.IsActive) return setWanted(null);
    toggle.run({ id: method.ID, active: wanted });
  });

  return (
    <Item $active={isActive} data-testid="payment-method">
      <Top>
        <Title>
          <Badge $tone="neutral">{method.Type === 'bank_transfer' ? 'Bank Transfer' : 'Digital'}</Badge>
          <h3>{method.Name}</h3>
          {method.IsDefault && <Badge $tone="brand">Default</Badge>}
        </Title>
        <Controls>
          <Switch
            checked={isActive}
            label={`${method.Name} active`}
            onChange={(next) => {
              setWanted(next);
              send.run();
            }}
          />
          <span className="state" aria-hidden="true">
            {isActive ? 'Active' : 'Disabled'}
          </span>
          <Button variant="secondary" aria-label={`Edit ${method.Name}`} onClick={onEdit}>
            Edit
          </Button>
        </Controls>
      </Top>
      <MethodDetails method={method} />
    </Item>
  );
}
