import type { PaymentMethod } from '@remit/contracts';
import { useCallback, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/ui/Button';
import { PaymentMethodItem } from './PaymentMethodItem';
import { PaymentMethodModal } from './PaymentMethodModal';
import { CardEmpty, ProfileCard } from './parts';

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

type Editing = { method: PaymentMethod | null } | null;

/** Spec §2 Profile: the payment methods card, its list and the add/edit modal. */
export function PaymentMethodsCard({ methods }: { methods: PaymentMethod[] | undefined }) {
  const [editing, setEditing] = useState<Editing>(null);
  const close = useCallback(() => setEditing(null), []);
  return (
    <ProfileCard
      title="Payment Methods"
      titleId="payment-methods-title"
      action={<Button onClick={() => setEditing({ method: null })}>Add Method</Button>}
    >
      {methods && methods.length > 0 ? (
        <List aria-label="Payment methods">
          {methods.map((method) => (
            <PaymentMethodItem key={method.ID} method={method} onEdit={() => setEditing({ method })} />
          ))}
        </List>
      ) : (
        <CardEmpty title="No payment methods">Add a payment method to start receiving payments.</CardEmpty>
      )}
      {editing && <PaymentMethodModal method={editing.method} onClose={close} />}
    </ProfileCard>
  );
}
